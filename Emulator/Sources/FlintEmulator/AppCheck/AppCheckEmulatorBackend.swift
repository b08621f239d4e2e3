// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAppCheck
import FlintCore
import Foundation

/// The App Check service's backend: exchanges debug tokens for App Check tokens, and checks the tokens it
/// issued (for the emulator's other services, or a test).
///
/// **Debug tokens.** With ``allowedDebugTokens`` nil (the default) any well-formed debug token is accepted: a
/// UUID (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, any case), the form the Firebase console registers and
/// `AppCheckDebugProvider` generates. With a set (`EmulatorConfiguration.appCheckDebugTokens`), only the tokens
/// in it, whatever their form: the emulator's "Manage debug tokens". Anything else is refused as Firebase
/// refuses an unregistered debug token (403 `PERMISSION_DENIED`).
///
/// **Tokens.** Unsigned JWTs (`alg: none`, as the Firebase emulators issue tokens) with App Check's claims
/// (`AppCheckTokenClaims`): `iss` `https://firebaseappcheck.googleapis.com/{project number}`, `sub` the app ID,
/// `aud` `["projects/{project number}", "projects/{project ID}"]`, `provider` `debug`, `iat`, `exp` and a
/// unique `jti`; valid for ``tokenLifetime`` (one hour, Firebase's default `ttl`).
public final class AppCheckEmulatorBackend: Sendable {
    /// Why a debug token was not exchanged.
    public enum Refusal: Error, Sendable, Hashable {
        /// The debug token is empty, not well-formed, or not among ``AppCheckEmulatorBackend/allowedDebugTokens``.
        case debugTokenRefused
        /// The app ID is not a Google app ID (`1:{project number}:{platform}:{hash}`).
        case invalidAppID
    }

    /// The project ID in the tokens' audience.
    public let projectID: String
    /// The debug tokens accepted; nil accepts any well-formed one (a UUID).
    public let allowedDebugTokens: Set<String>?
    /// How long the tokens it issues are valid, in seconds.
    public let tokenLifetime: Int
    private let now: @Sendable () -> Date
    private let exchanges = Locked(0)

    /// A backend for `projectID` accepting `allowedDebugTokens` (nil: any UUID) and issuing tokens valid for
    /// `tokenLifetime` seconds from `now()`.
    public init(
        projectID: String, allowedDebugTokens: Set<String>? = nil, tokenLifetime: Int = 3600,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.projectID = projectID
        self.allowedDebugTokens = allowedDebugTokens
        self.tokenLifetime = max(1, tokenLifetime)
        self.now = now
    }

    /// How many debug tokens were exchanged.
    public var exchangeCount: Int { exchanges.withLock { $0 } }

    /// Whether `debugToken` is accepted.
    public func accepts(debugToken: String) -> Bool {
        guard !debugToken.isEmpty else { return false }
        if let allowedDebugTokens { return allowedDebugTokens.contains(debugToken) }
        return debugToken.utf8.count == 36 && UUID(uuidString: debugToken) != nil
    }

    /// An App Check token for `appID` in exchange for `debugToken`, with its claims.
    ///
    /// - Throws: ``Refusal``.
    public func exchange(debugToken: String, appID: String) throws(Refusal) -> (
        token: String, claims: AppCheckTokenClaims
    ) {
        guard accepts(debugToken: debugToken) else { throw .debugTokenRefused }
        guard let projectNumber = Self.projectNumber(ofAppID: appID) else { throw .invalidAppID }
        let serial = exchanges.withLock { count in
            count += 1
            return count
        }
        let issuedAt = Int(now().timeIntervalSince1970.rounded(.down))
        let claims = AppCheckTokenClaims(
            iss: "https://firebaseappcheck.googleapis.com/\(projectNumber)", sub: appID,
            aud: ["projects/\(projectNumber)", "projects/\(projectID)"], provider: "debug", iat: issuedAt,
            exp: issuedAt + tokenLifetime, jti: "\(serial)-\(UUID().uuidString)")
        return (claims.unsignedJWT, claims)
    }

    /// The claims of `token` when it is an App Check token of this project that has not expired; nil otherwise.
    public func verify(_ token: String) -> AppCheckTokenClaims? {
        guard let claims = AppCheckTokenClaims(unsignedJWT: token),
            claims.aud.contains("projects/\(projectID)"),
            claims.iss.hasPrefix("https://firebaseappcheck.googleapis.com/"),
            TimeInterval(claims.exp) > now().timeIntervalSince1970
        else { return nil }
        return claims
    }

    /// The project number of a Google app ID (`1:1234567890:ios:0123456789abcdef` is `1234567890`); nil when
    /// `appID` does not have that shape.
    static func projectNumber(ofAppID appID: String) -> String? {
        let parts = appID.split(separator: ":", omittingEmptySubsequences: false)
        guard appID.utf8.count <= 256, parts.count == 4, parts.allSatisfy({ !$0.isEmpty }),
            parts[0].allSatisfy(\.isASCIIDigitCharacter), parts[1].allSatisfy(\.isASCIIDigitCharacter),
            parts[2].allSatisfy({ $0.isASCII && $0.isLetter }),
            parts[3].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        return String(parts[1])
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
