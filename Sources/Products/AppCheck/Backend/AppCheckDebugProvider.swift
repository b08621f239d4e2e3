// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Firebase's debug provider, in two modes:
///
/// - **Embedded** (``init(app:debugToken:tokenLifetime:now:)``, the default): tokens are minted locally, an
///   emulator for development and tests. They are unsigned JWTs (``AppCheckTokenClaims``) that expire after
///   ``tokenLifetime``; no backend accepts them.
/// - **Exchanging** (``init(exchangingWith:endpoint:debugToken:environment:session:timeout:now:)``): like
///   Firebase's `AppCheckDebugProvider`, every token request exchanges the debug token with the App Check
///   service's `exchangeDebugToken` (``AppCheckDebugEndpoint/production``) or an emulator
///   (``AppCheckDebugEndpoint/emulator(host:port:)``) and returns the real token with the service's `ttl`.
///
/// Nothing is attested in either mode: never ship it as your app's protection.
public final class AppCheckDebugProvider: AppCheckProvider {
    /// How tokens are obtained.
    enum Mode: Sendable {
        /// Minted locally.
        case embedded(issuer: String, audience: [String])
        /// Exchanged with the App Check service or an emulator.
        case exchange(AppCheckDebugExchange)
    }

    /// The environment variable whose non-empty value is the debug token of an exchanging provider (as in
    /// Firebase, it wins over the `debugToken` setting; ``coreDebugTokenEnvironmentKey`` wins over it).
    public static let debugTokenEnvironmentKey = "FIRAAppCheckDebugToken"

    /// App Check Core's environment variable for the debug token, `AppCheckDebugToken`: when it is set (non-empty)
    /// it wins over ``debugTokenEnvironmentKey`` and the `debugToken` setting, as in AppCheckCore's debug
    /// provider.
    public static let coreDebugTokenEnvironmentKey = "AppCheckDebugToken"

    /// The debug secret. An exchanging provider sends it to ``endpoint``, where it must be registered (Firebase
    /// console, App Check, Manage debug tokens); an embedded provider only records it.
    public let debugToken: String
    /// The token set in code (the `debugToken:` argument) or generated when none was: Firebase's "locally
    /// generated token", which the environment variables override.
    private let localToken: String
    /// The app's Google app ID (the tokens' `sub`; the `apps/…` part of the exchange URL).
    public let appID: String
    /// How long tokens minted by an embedded provider are valid, in seconds (an exchanging provider uses the
    /// service's `ttl`).
    public let tokenLifetime: TimeInterval
    /// Where an exchanging provider sends the debug token; nil for an embedded provider.
    public let endpoint: AppCheckDebugEndpoint?
    let mode: Mode
    private let now: @Sendable () -> Date
    /// A session the provider created, invalidated when the provider is released.
    private let ownedSession: URLSession?

    /// An embedded provider for `app`: it mints tokens locally. It copies what it needs from the app's options
    /// and keeps no reference to it.
    ///
    /// - Parameters:
    ///   - app: the app the tokens are for.
    ///   - debugToken: the debug secret; a random UUID by default.
    ///   - tokenLifetime: the tokens' lifetime in seconds (one hour by default); must be positive.
    ///   - now: the clock stamping tokens.
    public init(
        app: FlintApp, debugToken: String? = nil, tokenLifetime: TimeInterval = 3600,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        localToken = debugToken ?? UUID().uuidString
        self.debugToken = localToken
        appID = app.options.googleAppID
        self.tokenLifetime = tokenLifetime
        self.now = now
        endpoint = nil
        ownedSession = nil
        let projectNumber = app.options.gcmSenderID
        mode = .embedded(
            issuer: "https://firebaseappcheck.googleapis.com/\(projectNumber)",
            audience: ["projects/\(projectNumber)"] + (app.options.projectID.map { ["projects/\($0)"] } ?? []))
    }

    /// An exchanging provider for `app`: every token request sends the debug token to `endpoint`'s
    /// `exchangeDebugToken` for the app's `projectID` and `googleAppID`, with the app's `apiKey`. It copies
    /// what it needs from the app's options and keeps no reference to it.
    ///
    /// Missing options are reported by the first token request, before anything is sent:
    /// ``AppCheckErrorCode/invalidConfiguration`` with an ``AppCheckExchangeFailure`` underneath.
    ///
    /// - Parameters:
    ///   - app: the app the tokens are for.
    ///   - endpoint: the App Check service (default) or an emulator.
    ///   - debugToken: the debug secret registered in the console. As in Firebase, a non-empty
    ///     `AppCheckDebugToken`, then a non-empty `FIRAAppCheckDebugToken`, in `environment` wins; without any,
    ///     a random UUID (logged nowhere: read it from ``debugToken`` to register it).
    ///   - environment: where the variables are looked up (the process environment by default).
    ///   - session: the `URLSession` to send with, which stays the caller's; by default the provider's own
    ///     ephemeral session (no cookies, no cache).
    ///   - timeout: the request's timeout in seconds.
    ///   - now: the clock: a token expires `ttl` after its reading when the answer arrives.
    public init(
        exchangingWith app: FlintApp, endpoint: AppCheckDebugEndpoint = .production,
        debugToken: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        session: URLSession? = nil, timeout: TimeInterval = 60,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let fromEnvironment = [Self.coreDebugTokenEnvironmentKey, Self.debugTokenEnvironmentKey].lazy
            .compactMap { environment[$0] }.first { !$0.isEmpty }
        localToken = debugToken ?? UUID().uuidString
        self.debugToken = fromEnvironment ?? localToken
        appID = app.options.googleAppID
        tokenLifetime = 0
        self.now = now
        self.endpoint = endpoint
        ownedSession = session == nil ? CredentialSafeSession.make() : nil
        let exchange = AppCheckDebugExchange(
            endpoint: endpoint, projectID: app.options.projectID, googleAppID: app.options.googleAppID,
            apiKey: app.options.apiKey, session: session ?? ownedSession!,
            timeout: timeout.isFinite && timeout > 0 ? timeout : 60, now: now)
        mode = .exchange(exchange)
    }

    deinit {
        ownedSession?.finishTasksAndInvalidate()
    }

    /// The locally generated debug token (Firebase's `localDebugToken()`): the `debugToken:` given at creation,
    /// else the random UUID the provider generated then, whatever the environment says. Firebase stores its
    /// generated token in `UserDefaults` across launches; Flint keeps it for the provider's life (pass
    /// `debugToken:` from your own storage to keep one across launches).
    public func localDebugToken() -> String { localToken }

    /// The debug token in use (Firebase's `currentDebugToken()`), the same as ``debugToken``: for an exchanging
    /// provider a non-empty `AppCheckDebugToken`, then `FIRAAppCheckDebugToken`, environment variable, else
    /// ``localDebugToken()``.
    public func currentDebugToken() -> String { debugToken }

    /// A new token: minted, valid for ``tokenLifetime``, or exchanged.
    ///
    /// - Throws: embedded: ``AppCheckErrorCode/invalidConfiguration`` when ``tokenLifetime`` is not positive.
    ///   Exchanging: an ``AppCheckError`` — ``AppCheckErrorCode/invalidConfiguration`` for missing options or a
    ///   bad emulator address, ``AppCheckErrorCode/unknown`` for an HTTP error status or an answer that cannot
    ///   be read (the ``AppCheckExchangeFailure`` underneath), ``AppCheckErrorCode/serverUnreachable`` when no
    ///   answer came (the `URLError` underneath).
    public func getToken() async throws -> AppCheckToken {
        try await token(limitedUse: false)
    }

    /// A new limited-use token: minted with its own `jti`, or exchanged with `limited_use: true`.
    ///
    /// - Throws: as ``getToken()``.
    public func getLimitedUseToken() async throws -> AppCheckToken {
        try await token(limitedUse: true)
    }

    private func token(limitedUse: Bool) async throws -> AppCheckToken {
        switch mode {
        case .embedded(let issuer, let audience):
            return try issueToken(issuer: issuer, audience: audience)
        case .exchange(let exchange):
            return try await exchange.token(debugToken: debugToken, limitedUse: limitedUse)
        }
    }

    private func issueToken(issuer: String, audience: [String]) throws(AppCheckErrorCode) -> AppCheckToken {
        guard tokenLifetime > 0 else { throw .invalidConfiguration }
        let issuedAt = Int(now().timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt + Int(tokenLifetime.rounded(.up))
        let claims = AppCheckTokenClaims(
            iss: issuer, sub: appID, aud: audience, provider: "debug",
            iat: issuedAt, exp: expiresAt, jti: UUID().uuidString)
        return AppCheckToken(
            token: claims.unsignedJWT,
            expirationDate: Date(timeIntervalSince1970: TimeInterval(expiresAt)))
    }
}
