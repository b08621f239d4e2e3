// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An Auth backend speaking Firebase's REST APIs — Identity Toolkit v1 and Secure Token v1 — to production or
/// to the Firebase Auth emulator, with `URLSession` (FoundationNetworking on Linux).
///
/// ``Auth/useEmulator(withHost:port:)`` switches an Auth to one of these against the emulator. For production,
/// override the app's backend when configuring it:
///
/// ```swift
/// try registry.configure(options: options, overrides: [AuthLibrary.restBackend()])
/// ```
///
/// | operation | request |
/// |---|---|
/// | ``signUp(email:password:)`` | `accounts:signUp` `{email, password, returnSecureToken: true}` |
/// | ``signUpAnonymously()`` | `accounts:signUp` `{returnSecureToken: true}` |
/// | ``signIn(email:password:)`` | `accounts:signInWithPassword` `{email, password, returnSecureToken: true}` |
/// | ``signIn(customToken:)`` | `accounts:signInWithCustomToken` `{token, returnSecureToken: true}` |
/// | ``lookup(idToken:)`` (after each of the above, to describe the account) | `accounts:lookup` `{idToken}` |
/// | ``refreshSession(refreshToken:)`` | Secure Token `token` `{grantType: "refresh_token", refreshToken}` |
/// | ``updatePassword(idToken:newPassword:)`` | `accounts:update` `{idToken, password, returnSecureToken: true}` |
/// | ``deleteAccount(idToken:)`` | `accounts:delete` `{idToken}` |
/// | ``sendPasswordResetEmail(email:)`` | `accounts:sendOobCode` `{requestType: "PASSWORD_RESET", email}` |
/// | ``sendEmailVerification(idToken:)`` | `accounts:sendOobCode` `{requestType: "VERIFY_EMAIL", idToken}` |
/// | ``confirmPasswordReset(code:newPassword:)`` | `accounts:resetPassword` `{oobCode, newPassword}` |
/// | ``signIn(withIdP:linkingTo:autoCreate:)`` | `accounts:signInWithIdp` `{postBody, requestUri: "http://localhost", returnIdpCredential: true, returnSecureToken: true, autoCreate, idToken?}` |
/// | ``link(idToken:email:password:)`` | `accounts:signUp` `{email, password, idToken, returnSecureToken: true}` |
/// | ``unlink(idToken:providerIDs:)`` | `accounts:update` `{idToken, deleteProvider, returnSecureToken: true}` |
/// | ``updateProfile(idToken:changes:)`` | `accounts:update` `{idToken, displayName?, photoUrl?, deleteAttribute?, returnSecureToken: true}` |
/// | ``updateEmail(idToken:email:)`` | `accounts:update` `{idToken, email, returnSecureToken: true}` |
/// | ``fetchSignInMethods(email:continueURI:)`` | `accounts:createAuthUri` `{identifier, continueUri}` → `signinMethods` |
///
/// Every request is a `POST` of a JSON body (`Content-Type: application/json`) to the URL of ``Endpoint``,
/// with the API key as the `key` query parameter, `X-Client-Version`, when the app ID is known,
/// `X-Firebase-GMPID`, and with the calling Auth's ``Auth/languageCode`` (``AuthRequestContext``)
/// `X-Firebase-Locale`. The calling Auth's ``Auth/tenantID`` is sent as `tenantId` in the bodies of
/// `signUp`, `signInWithPassword`, `signInWithCustomToken`, `signInWithIdp`, `update`, `sendOobCode` and `resetPassword`, as the
/// SDK sends it. Errors are ``AuthErrorCode``s: no API key is ``AuthErrorCode/invalidAPIKey`` before
/// any request; no HTTP answer is ``AuthErrorCode/networkError``; a server error message is mapped by
/// ``RESTAuthErrors``; an answer that is not the expected JSON (or larger than 1 MiB, or nested deeper than
/// 32 levels) is ``AuthErrorCode/internalError``.
public final class RESTAuthBackend: AuthBackend {
    /// Where the requests go.
    public enum Endpoint: Sendable, Hashable {
        /// `https://identitytoolkit.googleapis.com/v1/…` and `https://securetoken.googleapis.com/v1/token`.
        case production
        /// The Firebase Auth emulator: `http://<host>:<port>/identitytoolkit.googleapis.com/v1/…` and
        /// `http://<host>:<port>/securetoken.googleapis.com/v1/token` (an IPv6 host is put in brackets), as the
        /// Firebase SDK builds them.
        ///
        /// `host` must be a bare host name, IPv4 address or IPv6 address (with or without brackets; only ASCII
        /// letters, digits, `.`, `-`, `:`, `[`, `]`: FlintProductSupport's `EmulatorOrigin`) and `port` in
        /// 1...65535; anything else (a path, `@`, `?`, `#`, `%`, white space) fails every request with
        /// ``AuthErrorCode/internalError`` before anything is sent, so the password and tokens never go to a
        /// host, port or path other than the one named.
        case emulator(host: String, port: Int)

        /// The scheme, authority and path prefix of `service` (`identitytoolkit.googleapis.com`, …); nil for an
        /// emulator whose host or port is not allowed.
        func base(of service: String) -> String? {
            switch self {
            case .production:
                return "https://\(service)"
            case .emulator(let host, let port):
                // FlintProductSupport's check, shared by every product's `useEmulator(withHost:port:)`.
                guard let origin = try? EmulatorOrigin.make(host: host, port: port) else { return nil }
                return "\(origin.absoluteString)/\(service)"
            }
        }
    }

    /// The API key sent with every request; nil fails every request with ``AuthErrorCode/invalidAPIKey``.
    public let apiKey: String?
    /// Where the requests go.
    public let endpoint: Endpoint
    /// The app ID sent as `X-Firebase-GMPID`, if any.
    public let appID: String?
    /// How long a request may take, in seconds.
    public let timeout: TimeInterval
    private let session: URLSession
    private let ownsSession: Bool
    private let now: @Sendable () -> Date

    /// A backend sending to `endpoint` with `apiKey`.
    ///
    /// - Parameters:
    ///   - apiKey: the app's API key (`FlintOptions.apiKey`).
    ///   - endpoint: production (the default) or an emulator.
    ///   - appID: the app's Google app ID (`FlintOptions.googleAppID`), sent as `X-Firebase-GMPID`.
    ///   - timeout: the time limit of each request, in seconds.
    ///   - session: the `URLSession` to send with (kept the caller's); by default the backend's own ephemeral
    ///     session, invalidated when the backend is released.
    ///   - now: the clock that turns `expiresIn` into an expiration date.
    public init(
        apiKey: String?, endpoint: Endpoint = .production, appID: String? = nil, timeout: TimeInterval = 60,
        session: URLSession? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.apiKey = apiKey
        self.endpoint = endpoint
        self.appID = appID
        self.timeout = timeout
        self.session = session ?? CredentialSafeSession.make()
        ownsSession = session == nil
        self.now = now
    }

    /// A backend for the app with `options` (its `apiKey` and `googleAppID`).
    public convenience init(options: FlintOptions, endpoint: Endpoint = .production) {
        self.init(apiKey: options.apiKey, endpoint: endpoint, appID: options.googleAppID)
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    // MARK: - URLs

    /// The Identity Toolkit URL of `method` (`accounts:signUp`, …) with the API key.
    ///
    /// - Throws: ``AuthErrorCode/invalidAPIKey`` without an API key; ``AuthErrorCode/internalError`` when the
    ///   endpoint does not make a valid URL (an emulator host that is not a bare host, or a port outside
    ///   1...65535).
    public func identityToolkitURL(_ method: String) throws(AuthErrorCode) -> URL {
        try url(endpoint.base(of: "identitytoolkit.googleapis.com").map { $0 + "/v1/" + method })
    }

    /// The Secure Token URL (`…/v1/token`) with the API key.
    ///
    /// - Throws: as ``identityToolkitURL(_:)``.
    public func secureTokenURL() throws(AuthErrorCode) -> URL {
        try url(endpoint.base(of: "securetoken.googleapis.com").map { $0 + "/v1/token" })
    }

    private func url(_ base: String?) throws(AuthErrorCode) -> URL {
        guard let apiKey, !apiKey.isEmpty else { throw .invalidAPIKey }
        guard let base else { throw .internalError }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&+=#")
        guard let key = apiKey.addingPercentEncoding(withAllowedCharacters: allowed),
            let url = URL(string: "\(base)?key=\(key)")
        else { throw .internalError }
        return url
    }

    /// The headers of every request: `X-Client-Version`, `X-Firebase-GMPID` (with an app ID) and
    /// `X-Firebase-Locale` (with a language code in the caller's ``AuthRequestContext``).
    private var headers: [String: String] {
        var headers = ["X-Client-Version": "Flint/FlintAuth/\(AuthLibrary.libraryVersion)"]
        if let appID { headers["X-Firebase-GMPID"] = appID }
        if let language = AuthRequestContext.current.languageCode, !language.isEmpty {
            headers["X-Firebase-Locale"] = language
        }
        return headers
    }

    /// `body` with the caller's tenant (``AuthRequestContext``) as `tenantId`, for the requests the SDK sends
    /// it with.
    func withTenant(_ body: [String: Any]) -> [String: Any] {
        guard let tenantID = AuthRequestContext.current.tenantID else { return body }
        return body.merging(["tenantId": tenantID]) { _, tenant in tenant }
    }

    func post(_ url: URL, _ body: [String: Any]) async throws(AuthErrorCode) -> [String: Any] {
        try await RESTAuthHTTP.post(url, body: body, headers: headers, timeout: timeout, session: session)
    }

    func identityToolkit(_ method: String, _ body: [String: Any]) async throws(AuthErrorCode) -> [String: Any] {
        try await post(try identityToolkitURL(method), body)
    }

    // MARK: - AuthBackend

    /// `accounts:signUp` with email and password, then ``lookup(idToken:)``.
    public func signUp(email: String, password: String) async throws -> AuthBackendSession {
        let answer = try await identityToolkit(
            "accounts:signUp",
            withTenant(["email": email, "password": password, "returnSecureToken": true]))
        return try await session(from: answer, keys: .identityToolkit, isNewUser: true, provider: "password")
    }

    /// `accounts:signUp` without credentials, then ``lookup(idToken:)``.
    public func signUpAnonymously() async throws -> AuthBackendSession {
        let answer = try await identityToolkit("accounts:signUp", withTenant(["returnSecureToken": true]))
        return try await session(from: answer, keys: .identityToolkit, isNewUser: true, provider: "anonymous")
    }

    /// `accounts:signInWithPassword`, then ``lookup(idToken:)``.
    public func signIn(email: String, password: String) async throws -> AuthBackendSession {
        let answer = try await identityToolkit(
            "accounts:signInWithPassword",
            withTenant(["email": email, "password": password, "returnSecureToken": true]))
        return try await session(from: answer, keys: .identityToolkit, isNewUser: false, provider: "password")
    }

    /// `accounts:signInWithCustomToken`, then ``lookup(idToken:)``.
    public func signIn(customToken: String) async throws -> AuthBackendSession {
        let answer = try await identityToolkit(
            "accounts:signInWithCustomToken", withTenant(["token": customToken, "returnSecureToken": true]))
        return try await session(
            from: answer, keys: .identityToolkit, isNewUser: answer["isNewUser"] as? Bool ?? false, provider: "custom")
    }

    /// Secure Token `token` with `grantType` `refresh_token`, then ``lookup(idToken:)`` with the new token.
    public func refreshSession(refreshToken: String) async throws -> AuthBackendSession {
        let answer = try await post(try secureTokenURL(), ["grantType": "refresh_token", "refreshToken": refreshToken])
        return try await session(
            from: answer, keys: .secureToken, isNewUser: false, provider: nil,
            refreshToken: refreshToken)
    }

    /// `accounts:update` with the new password, then ``lookup(idToken:)`` with the new token.
    public func updatePassword(idToken: String, newPassword: String) async throws -> AuthBackendSession {
        let answer = try await identityToolkit(
            "accounts:update",
            withTenant(["idToken": idToken, "password": newPassword, "returnSecureToken": true]))
        return try await session(from: answer, keys: .identityToolkit, isNewUser: false, provider: nil)
    }

    /// `accounts:delete`.
    public func deleteAccount(idToken: String) async throws {
        _ = try await identityToolkit("accounts:delete", ["idToken": idToken])
    }

    /// `accounts:sendOobCode` with `requestType` `PASSWORD_RESET`.
    public func sendPasswordResetEmail(email: String) async throws {
        _ = try await identityToolkit(
            "accounts:sendOobCode", withTenant(["requestType": "PASSWORD_RESET", "email": email]))
    }

    /// `accounts:resetPassword`.
    public func confirmPasswordReset(code: String, newPassword: String) async throws {
        _ = try await identityToolkit(
            "accounts:resetPassword", withTenant(["oobCode": code, "newPassword": newPassword]))
    }

    // MARK: - More of the API

    /// `accounts:sendOobCode` with `requestType` `VERIFY_EMAIL`: emails a verification link to the account
    /// `idToken` belongs to.
    ///
    /// - Throws: ``AuthErrorCode/invalidUserToken``, ``AuthErrorCode/userTokenExpired``,
    ///   ``AuthErrorCode/networkError``, ``AuthErrorCode/internalError``.
    public func sendEmailVerification(idToken: String) async throws(AuthErrorCode) {
        _ = try await identityToolkit(
            "accounts:sendOobCode", withTenant(["requestType": "VERIFY_EMAIL", "idToken": idToken]))
    }

    /// `accounts:lookup`: the account `idToken` belongs to.
    ///
    /// - Throws: ``AuthErrorCode/invalidUserToken``, ``AuthErrorCode/userNotFound`` (also for an answer
    ///   without users), ``AuthErrorCode/networkError``, ``AuthErrorCode/internalError`` (malformed answer).
    public func lookup(idToken: String) async throws(AuthErrorCode) -> AuthAccount {
        let answer = try await identityToolkit("accounts:lookup", ["idToken": idToken])
        guard let users = answer["users"] as? [Any], let first = users.first else { throw .userNotFound }
        guard let user = first as? [String: Any] else { throw .internalError }
        return try Self.account(from: user, now: now())
    }

    // MARK: - Answers

    /// The names of the token fields in an answer.
    enum TokenKeys {
        /// Identity Toolkit: `idToken`, `refreshToken`, `expiresIn`.
        case identityToolkit
        /// Secure Token: `id_token` (or `access_token`), `refresh_token`, `expires_in`.
        case secureToken
    }

    /// The session an answer with tokens describes, its account read with ``lookup(idToken:)``.
    ///
    /// `provider` is the sign-in provider when the token's `firebase.sign_in_provider` claim lacks it (nil:
    /// `anonymous` or `password` after the account).
    func session(
        from answer: [String: Any], keys: TokenKeys, isNewUser: Bool, provider: String?,
        refreshToken fallbackRefreshToken: String? = nil, idp: AuthIdPResponse? = nil
    ) async throws(AuthErrorCode) -> AuthBackendSession {
        let idToken: String?
        let refreshToken: String?
        let expiresIn: TimeInterval?
        switch keys {
        case .identityToolkit:
            idToken = answer["idToken"] as? String
            refreshToken = answer["refreshToken"] as? String
            expiresIn = Self.seconds(answer["expiresIn"])
        case .secureToken:
            idToken = answer["id_token"] as? String ?? answer["access_token"] as? String
            refreshToken = answer["refresh_token"] as? String ?? fallbackRefreshToken
            expiresIn = Self.seconds(answer["expires_in"])
        }
        guard let idToken, !idToken.isEmpty, let refreshToken, !refreshToken.isEmpty, let expiresIn else {
            throw .internalError
        }
        let issued = now()
        let account = try await lookup(idToken: idToken)
        let claims = Self.firebaseClaim(of: idToken)
        let signInProvider =
            claims?.sign_in_provider
            ?? provider ?? (account.isAnonymous ? "anonymous" : "password")
        return AuthBackendSession(
            account: account, idToken: idToken, expirationDate: issued.addingTimeInterval(expiresIn),
            refreshToken: refreshToken, signInProvider: signInProvider, isNewUser: isNewUser,
            tenantID: claims?.tenant ?? AuthRequestContext.current.tenantID, idp: idp)
    }

    /// A lifetime in seconds, sent as a string (`"3600"`) or a number; nil unless between 0 and a year.
    static func seconds(_ value: Any?) -> TimeInterval? {
        let seconds: Double?
        switch value {
        case let text as String: seconds = Double(text)
        case let number as NSNumber: seconds = number.doubleValue
        default: seconds = nil
        }
        guard let seconds, seconds.isFinite, seconds >= 0, seconds <= 366 * 24 * 3600 else { return nil }
        return seconds
    }

    /// The `firebase` claim of a token (its `sign_in_provider` and `tenant`), if it decodes.
    private static func firebaseClaim(of idToken: String) -> FirebaseClaim? {
        struct Claims: Decodable {
            var firebase: FirebaseClaim?
        }
        return (try? LocalJWT.decode(Claims.self, from: idToken))?.firebase
    }

    /// The parts of a token's `firebase` claim a session needs, with the token's claim names.
    private struct FirebaseClaim: Decodable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var sign_in_provider: String?  // the token's claim name
        var tenant: String?
    }

    /// An `accounts:lookup` user: `localId`, `email`, `emailVerified`, `displayName`, `photoUrl`, `phoneNumber`,
    /// `providerUserInfo[]` (`providerId`, `rawId`, `email`, `displayName`, `photoUrl`), `createdAt` and
    /// `lastLoginAt` (milliseconds since 1970, as strings), `disabled`.
    static func account(from user: [String: Any], now: Date) throws(AuthErrorCode) -> AuthAccount {
        guard let uid = user["localId"] as? String, !uid.isEmpty else { throw .internalError }
        let providers = (user["providerUserInfo"] as? [Any] ?? []).compactMap { entry -> UserInfo? in
            guard let info = entry as? [String: Any], let provider = info["providerId"] as? String else { return nil }
            return UserInfo(
                providerID: provider,
                uid: info["rawId"] as? String ?? info["federatedId"] as? String ?? info["email"] as? String ?? uid,
                email: info["email"] as? String, displayName: info["displayName"] as? String,
                photoURL: (info["photoUrl"] as? String).flatMap(URL.init(string:)),
                phoneNumber: info["phoneNumber"] as? String)
        }
        func date(_ key: String) -> Date? {
            let milliseconds: Double? =
                switch user[key] {
                case let text as String: Double(text)
                case let number as NSNumber: number.doubleValue
                default: nil
                }
            guard let milliseconds, milliseconds.isFinite else { return nil }
            return Date(timeIntervalSince1970: milliseconds / 1000)
        }
        let created = date("createdAt") ?? now
        return AuthAccount(
            uid: uid,
            email: (user["email"] as? String)?.lowercased(),
            isEmailVerified: user["emailVerified"] as? Bool ?? false,
            displayName: user["displayName"] as? String,
            photoURL: (user["photoUrl"] as? String).flatMap(URL.init(string:)),
            phoneNumber: user["phoneNumber"] as? String,
            providerData: providers,
            creationDate: created,
            lastSignInDate: date("lastLoginAt") ?? created,
            isDisabled: user["disabled"] as? Bool ?? false)
    }
}
