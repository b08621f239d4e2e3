import FlintCore
import FlintProductSupport
import Foundation

/// Issues App Check tokens locally: an **emulator for development and tests**, like Firebase's debug
/// provider with the attestation step done in-process.
///
/// Tokens are unsigned JWTs (``AppCheckTokenClaims``) that expire after ``tokenLifetime``. Nothing is
/// attested: never ship it as your app's protection.
public final class AppCheckDebugProvider: AppCheckProvider {
    /// The debug secret (Firebase prints it for registering in the console; here it is only recorded).
    public let debugToken: String
    /// The app's Google app ID (the tokens' `sub`).
    public let appID: String
    /// How long issued tokens are valid, in seconds.
    public let tokenLifetime: TimeInterval
    private let audience: [String]
    private let issuer: String
    private let now: @Sendable () -> Date

    /// A provider for `app`. It copies what it needs from the app's options and keeps no reference to it.
    ///
    /// - Parameters:
    ///   - app: the app the tokens are for.
    ///   - debugToken: the debug secret; a random UUID by default.
    ///   - tokenLifetime: the tokens' lifetime in seconds (one hour by default); must be positive.
    ///   - now: the clock stamping tokens.
    public init(app: FlintApp, debugToken: String? = nil, tokenLifetime: TimeInterval = 3600,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.debugToken = debugToken ?? UUID().uuidString
        appID = app.options.googleAppID
        self.tokenLifetime = tokenLifetime
        self.now = now
        let projectNumber = app.options.gcmSenderID
        issuer = "https://firebaseappcheck.googleapis.com/\(projectNumber)"
        audience = ["projects/\(projectNumber)"] + (app.options.projectID.map { ["projects/\($0)"] } ?? [])
    }

    /// A new token valid for ``tokenLifetime``.
    ///
    /// - Throws: ``AppCheckErrorCode/invalidConfiguration`` when ``tokenLifetime`` is not positive.
    public func getToken() async throws -> AppCheckToken {
        try issueToken()
    }

    /// A new token valid for ``tokenLifetime``, with its own `jti`.
    ///
    /// - Throws: ``AppCheckErrorCode/invalidConfiguration`` when ``tokenLifetime`` is not positive.
    public func getLimitedUseToken() async throws -> AppCheckToken {
        try issueToken()
    }

    private func issueToken() throws(AppCheckErrorCode) -> AppCheckToken {
        guard tokenLifetime > 0 else { throw .invalidConfiguration }
        let issuedAt = Int(now().timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt + Int(tokenLifetime.rounded(.up))
        let claims = AppCheckTokenClaims(iss: issuer, sub: appID, aud: audience, provider: "debug",
                                         iat: issuedAt, exp: expiresAt, jti: UUID().uuidString)
        return AppCheckToken(token: LocalJWT.encode(claims),
                             expirationDate: Date(timeIntervalSince1970: TimeInterval(expiresAt)))
    }
}
