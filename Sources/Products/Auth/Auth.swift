// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// Firebase Authentication for one app: email-and-password and anonymous accounts, ID tokens, and the
/// signed-in user as a value and as streams.
///
/// ```swift
/// FlintApp.registerLibrary(AuthLibrary.self)
/// try FlintApp.configure(options: options)
///
/// let auth = try Auth.auth()
/// try await auth.createUser(withEmail: "ada@example.com", password: "correct horse")
/// for await user in auth.authStateChanges {
///     print(user?.email ?? "signed out")
/// }
/// ```
///
/// One `Auth` per app, created when the app is configured (eagerly, so a persisted user is restored at
/// once) and owned by the app's container. The same instance serves `AuthInterop`, `AuthUserInterop` and
/// `AuthSignInInterop` to other products. It talks to the app's ``AuthBackend``: by default a
/// ``LocalAuthBackend``, an in-process emulator for development and tests.
///
/// Every method may be called from any task. Errors of its operations are ``AuthErrorCode``s; the entry points
/// (``auth()``, ``auth(app:)``) throw `ComponentError`s, as every product's do ("Product entry points" in
/// FlintCore's Component System guide).
public final class Auth: ComponentLifecycleMaintainer, Sendable {
    /// What Auth keeps behind its lock.
    struct State {
        /// The signed-in user and their tokens; nil when signed out.
        var session: AuthSession?
        /// The token refresh in flight, if any.
        var refresh: RefreshOperation?
        /// How many callers are waiting for a refresh (for tests of coalescing).
        var refreshWaiters = 0
        /// The raw ID token listeners were last told about (Firebase's `lastNotifiedUserToken`): they are
        /// notified only when the token string changes.
        var lastNotifiedToken: String?

        /// Queues a notification of the current user for the ID-token listeners if the raw ID token differs
        /// from the last one notified (Firebase's `possiblyPostAuthStateChangeNotification`).
        mutating func notifyIfTokenChanged(_ listeners: AuthListenerQueue) {
            let token = session?.idToken
            guard token != lastNotifiedToken else { return }
            lastNotifiedToken = token
            listeners.enqueue(session?.user)
        }
    }

    /// The name of the app this Auth belongs to.
    public let appName: String
    private weak let appReference: FlintApp?
    /// The service Auth talks to (replaced by ``useEmulator(withHost:port:)``).
    private let backendBox: Locked<any AuthBackend>
    /// The REST requests of this Auth's calls, ended when its app is deleted.
    private let operations = InFlightOperations()
    /// ``languageCode`` and ``tenantID``.
    private let requestContext = Locked(AuthRequestContext())
    /// The app's options (API key and app ID for ``useEmulator(withHost:port:)``), read when Auth was created.
    private let options: FlintOptions?
    /// Persistence and clock.
    let settings: AuthSettings
    private let persistence: AuthPersistenceFile?
    /// The session and the refresh in flight. Never held while user code (a listener, the backend, the
    /// clock) runs; file I/O for persistence happens under it so the file matches memory.
    let state: Locked<State>
    /// ID-token listeners (state listeners are filtered ID-token listeners, as in Firebase).
    let listeners = AuthListenerQueue()

    /// An Auth for `app`, restoring the user saved by an earlier run when `settings` asks for persistence.
    init(app: FlintApp?, appName: String, backend: any AuthBackend, settings: AuthSettings) {
        self.appName = appName
        appReference = app
        backendBox = Locked(backend)
        options = app?.options
        self.settings = settings
        persistence = settings.persistenceFile(forAppNamed: appName).map {
            AuthPersistenceFile(url: $0, appName: appName)
        }
        let restored = persistence?.load()
        state = Locked(State(session: restored, lastNotifiedToken: restored?.idToken))
    }

    // MARK: - Entry points

    /// The default app's Auth.
    ///
    /// An entry point of the shape every product follows ("Product entry points" in FlintCore's Component System guide).
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` when `AppRegistry.shared` has no default app, then
    ///   the errors of ``auth(app:)``.
    public static func auth() throws(ComponentError) -> Auth {
        try auth(app: ProductEntryPoint.defaultApp())
    }

    /// The Auth of `app`: the same instance on every call, created by the app's container.
    ///
    /// Requires ``AuthLibrary`` to be registered with the app's registry before the app was configured
    /// (`FlintApp.registerLibrary(AuthLibrary.self)`). An entry point of the shape every product follows
    /// ("Product entry points" in FlintCore's Component System guide).
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when it was not,
    ///   `ComponentError.appDeleted(name:)` for a deleted app.
    public static func auth(app: FlintApp) throws(ComponentError) -> Auth {
        try ProductEntryPoint.require(Auth.self, in: app, product: Auth.self, library: AuthLibrary.self)
    }

    /// The app this Auth belongs to; nil once the app is gone. Weak: Auth never keeps its app alive.
    public var app: FlintApp? { appReference }

    // MARK: - Language and tenant

    /// The language (a BCP 47 code such as `"fr"`) of the emails and messages the backend sends for this
    /// Auth; nil (the default) for the project's default language. Sent by ``RESTAuthBackend`` as the
    /// `X-Firebase-Locale` header of every Identity Toolkit request, as the SDK does.
    public var languageCode: String? {
        get { requestContext.withLock { $0.languageCode } }
        set { requestContext.withLock { $0.languageCode = newValue } }
    }

    /// Sets ``languageCode`` to the process's preferred language (the first of `Locale.preferredLanguages`;
    /// on Linux it comes from the `LANG`/`LANGUAGE` environment), as the SDK's `useAppLanguage()` does.
    public func useAppLanguage() {
        languageCode = Locale.preferredLanguages.first
    }

    /// The tenant (Identity Platform multi-tenancy) users sign in to through this Auth; nil (the default)
    /// for the project itself. Sent as `tenantId` in the bodies of `accounts:signUp`, `signInWithPassword`,
    /// `signInWithCustomToken`, `update`, `sendOobCode` and `resetPassword`, as the SDK does; a user signed in
    /// with it carries it as ``User/tenantID``.
    public var tenantID: String? {
        get { requestContext.withLock { $0.tenantID } }
        set { requestContext.withLock { $0.tenantID = newValue } }
    }

    // MARK: - Backend

    /// The service Auth talks to now: the app's ``AuthBackend``, or the ``RESTAuthBackend`` of
    /// ``useEmulator(withHost:port:)``.
    public var backend: any AuthBackend {
        backendBox.withLock { $0 }
    }

    /// Points this Auth at the Firebase Auth emulator at `host`:`port`: from now on it talks to a
    /// ``RESTAuthBackend`` with the app's API key and app ID, sending Identity Toolkit requests to
    /// `http://<host>:<port>/identitytoolkit.googleapis.com/v1/accounts:…?key=<apiKey>` and token refreshes to
    /// `http://<host>:<port>/securetoken.googleapis.com/v1/token?key=<apiKey>`, as the Firebase SDK does. An
    /// IPv6 host is put in brackets. Call it before signing in: a user signed in with the previous backend
    /// keeps tokens the emulator does not know.
    ///
    /// Without an API key in the app's options, every request then fails with
    /// ``AuthErrorCode/invalidAPIKey`` (the emulator accepts any key, but one must be there). A `host` that is
    /// not a bare host name or IP address (a path, `@`, `?`, `#`, a port of its own) or a `port` outside
    /// 1...65535 fails every request with ``AuthErrorCode/internalError`` before anything is sent, so the
    /// password and tokens never reach another host.
    ///
    /// - Precondition: `host` is not empty (the SDK stops the app too).
    public func useEmulator(withHost host: String, port: Int) {
        precondition(!host.isEmpty, "Cannot connect to empty host")
        let backend = RESTAuthBackend(
            apiKey: options?.apiKey, endpoint: .emulator(host: host, port: port),
            appID: options?.googleAppID)
        backendBox.withLock { $0 = backend }
    }

    // MARK: - The signed-in user

    /// The signed-in user, or nil. A snapshot: read it again (or watch ``authStateChanges``) for changes.
    public var currentUser: User? {
        state.withLock { $0.session?.user }
    }

    /// Creates an email-and-password account and signs it in.
    ///
    /// - Throws: ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``,
    ///   ``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/weakPassword`` (fewer than 6 or more than 4096 characters),
    ///   ``AuthErrorCode/networkError``, ``AuthErrorCode/keychainError`` (persistence failed).
    @discardableResult
    public func createUser(withEmail email: String, password: String) async throws(AuthErrorCode) -> AuthDataResult {
        let response = try await request { try await backend.signUp(email: email, password: password) }
        return try signIn(with: response)
    }

    /// Signs in with an email address and password.
    ///
    /// - Throws: ``AuthErrorCode/invalidCredential`` for an unknown email or a wrong password while the
    ///   backend's email-enumeration protection is on (the default); otherwise ``AuthErrorCode/userNotFound``
    ///   / ``AuthErrorCode/wrongPassword``. Also ``AuthErrorCode/userDisabled``,
    ///   ``AuthErrorCode/tooManyRequests``, ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/missingEmail``,
    ///   ``AuthErrorCode/networkError``. An empty password is ``AuthErrorCode/wrongPassword`` without a request
    ///   to the backend, as in Firebase.
    @discardableResult
    public func signIn(withEmail email: String, password: String) async throws(AuthErrorCode) -> AuthDataResult {
        // Firebase's `internalSignInUser(withEmail:password:)` fails an empty password before any request.
        guard !password.isEmpty else { throw .wrongPassword }
        let response = try await request { try await backend.signIn(email: email, password: password) }
        return try signIn(with: response)
    }

    /// Signs in with a custom token minted by your server (the Admin SDK's `createCustomToken`), creating
    /// the account on first use. The token's developer claims appear in the user's ID tokens
    /// (``AuthTokenResult/claims``); ``AdditionalUserInfo/providerID`` is `""`, as in the Swift SDK.
    ///
    /// With ``LocalAuthBackend``, mint tokens with ``LocalAuthBackend/customToken(uid:claims:)``; it also
    /// accepts the Auth emulator's unsigned tokens.
    ///
    /// - Throws: ``AuthErrorCode/invalidCustomToken`` (malformed, expired, bad uid or reserved claims),
    ///   ``AuthErrorCode/customTokenMismatch`` (made for another project or audience),
    ///   ``AuthErrorCode/userDisabled``, ``AuthErrorCode/networkError``.
    @discardableResult
    public func signIn(withCustomToken token: String) async throws(AuthErrorCode) -> AuthDataResult {
        let response = try await request { try await backend.signIn(customToken: token) }
        return try signIn(with: response)
    }

    /// Signs in a new anonymous user, or returns the anonymous user already signed in (without notifying
    /// listeners), as Firebase does. Its ``AdditionalUserInfo/providerID`` is `""`, as in the Swift SDK; for
    /// the user already signed in, ``AdditionalUserInfo/isNewUser`` is false (Firebase returns no additional
    /// user info there).
    ///
    /// - Throws: ``AuthErrorCode/operationNotAllowed`` when the backend has anonymous sign-in disabled,
    ///   ``AuthErrorCode/networkError``.
    @discardableResult
    public func signInAnonymously() async throws(AuthErrorCode) -> AuthDataResult {
        if let user = currentUser, user.isAnonymous {
            return AuthDataResult(user: user, additionalUserInfo: AdditionalUserInfo(providerID: "", isNewUser: false))
        }
        let response = try await request { try await backend.signUpAnonymously() }
        return try signIn(with: response)
    }

    /// Makes `user` (a user of this project, for example one signed in through another app's Auth) the
    /// current user, as the SDK's `updateCurrentUser(_:)` does: its session is checked by exchanging its
    /// refresh token with the backend (the embedded backend validates it; over REST the Secure Token API
    /// does), and the user is then signed in here with fresh tokens, saved when persisting, and listeners
    /// are notified. The user already signed in with the same session is kept as is.
    ///
    /// - Throws: ``AuthErrorCode/nullUser`` for nil; ``AuthErrorCode/tenantIDMismatch`` when the user's
    ///   ``User/tenantID`` is not this Auth's ``tenantID``; ``AuthErrorCode/invalidUserToken`` for a user
    ///   without a refresh token or with one the backend does not know (another project);
    ///   ``AuthErrorCode/userMismatch`` when the session belongs to another uid; the refresh's errors
    ///   (``AuthErrorCode/userTokenExpired``, ``AuthErrorCode/userDisabled``, ``AuthErrorCode/userNotFound``,
    ///   ``AuthErrorCode/networkError``); ``AuthErrorCode/keychainError`` when it cannot be saved.
    public func updateCurrentUser(_ user: User?) async throws(AuthErrorCode) {
        guard let user else { throw .nullUser }
        let tenantID = self.tenantID
        if user.tenantID != nil || tenantID != nil, user.tenantID != tenantID { throw .tenantIDMismatch }
        guard let refreshToken = user.refreshToken, !refreshToken.isEmpty else { throw .invalidUserToken }
        if let current = state.withLock({ $0.session }), current.refreshToken == refreshToken,
            current.user.uid == user.uid
        {
            return
        }
        let response = try await request { try await backend.refreshSession(refreshToken: refreshToken) }
        guard response.account.uid == user.uid else { throw .userMismatch }
        _ = try signIn(with: response)
    }

    /// Revokes a Sign in with Apple authorization code (the SDK's `revokeToken(withAuthorizationCode:)`).
    /// Flint has no Sign in with Apple, so there is nothing to revoke: it always refuses, before any request.
    ///
    /// - Throws: ``AuthErrorCode/operationNotAllowed``, always.
    public func revokeToken(withAuthorizationCode authorizationCode: String) async throws(AuthErrorCode) {
        throw .operationNotAllowed
    }

    /// Signs the current user out; does nothing (and notifies nobody) when nobody is signed in.
    ///
    /// - Throws: ``AuthErrorCode/keychainError`` when the persisted user cannot be removed (the user then
    ///   stays signed in).
    public func signOut() throws(AuthErrorCode) {
        try state.withLock { state throws(AuthErrorCode) in
            guard state.session != nil else { return }
            try persistence?.save(nil)
            state.session = nil
            state.refresh = nil
            state.notifyIfTokenChanged(listeners)
        }
        listeners.deliverPending(from: self)
    }

    // MARK: - ID tokens

    /// The signed-in user's ID token: the cached one while it expires more than five minutes from now,
    /// otherwise (or when `forcingRefresh`) a new one from the backend. Concurrent refreshes share one request.
    ///
    /// - Throws: ``AuthErrorCode/nullUser`` when nobody is signed in; the refresh's error otherwise
    ///   (``AuthErrorCode/userTokenExpired``, ``AuthErrorCode/userDisabled`` and ``AuthErrorCode/userNotFound``
    ///   also sign the user out, as in Firebase).
    public func getIDToken(forcingRefresh: Bool = false) async throws(AuthErrorCode) -> String {
        guard let session = try await currentSession(forcingRefresh: forcingRefresh) else { throw .nullUser }
        return session.idToken
    }

    /// The ID token with its decoded claims (``getIDToken(forcingRefresh:)`` plus decoding).
    ///
    /// - Throws: the errors of ``getIDToken(forcingRefresh:)``; ``AuthErrorCode/malformedJWT`` when the
    ///   token cannot be decoded.
    public func getIDTokenResult(forcingRefresh: Bool = false) async throws(AuthErrorCode) -> AuthTokenResult {
        let token = try await getIDToken(forcingRefresh: forcingRefresh)
        guard let standard = try? LocalJWT.decode(IDTokenClaims.self, from: token),
            let claims = try? LocalJWT.decode([String: AuthClaimValue].self, from: token)
        else { throw .malformedJWT }
        return AuthTokenResult(token: token, standardClaims: standard, claims: claims)
    }

    // MARK: - Account management

    /// Changes the signed-in user's password. The user stays signed in here with new tokens; the user's
    /// other sessions (other devices) are revoked and signed out at their next token refresh.
    ///
    /// - Throws: ``AuthErrorCode/nullUser``, ``AuthErrorCode/weakPassword``,
    ///   ``AuthErrorCode/requiresRecentLogin`` (last sign-in more than five minutes ago), token errors.
    public func updatePassword(to password: String) async throws(AuthErrorCode) {
        guard let session = try await currentSession(forcingRefresh: false) else { throw .nullUser }
        let response: AuthBackendSession
        do {
            response = try await request {
                try await backend.updatePassword(idToken: session.idToken, newPassword: password)
            }
        } catch {
            endSessionIfInvalid(error, refreshToken: session.refreshToken)
            throw error
        }
        replaceSession(refreshToken: session.refreshToken, with: AuthSession(response))
    }

    /// Deletes the signed-in user's account and signs them out.
    ///
    /// - Throws: ``AuthErrorCode/nullUser``, ``AuthErrorCode/requiresRecentLogin``, token errors.
    public func deleteCurrentUser() async throws(AuthErrorCode) {
        guard let session = try await currentSession(forcingRefresh: false) else { throw .nullUser }
        do {
            try await request { try await backend.deleteAccount(idToken: session.idToken) }
        } catch {
            endSessionIfInvalid(error, refreshToken: session.refreshToken)
            throw error
        }
        replaceSession(refreshToken: session.refreshToken, with: nil)
    }

    /// Asks the backend to email a password-reset code to `email`.
    ///
    /// With email-enumeration protection (the default) an unknown address succeeds without sending
    /// anything; without it, it fails with ``AuthErrorCode/userNotFound``.
    ///
    /// - Throws: ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/networkError``.
    public func sendPasswordReset(withEmail email: String) async throws(AuthErrorCode) {
        try await request { try await backend.sendPasswordResetEmail(email: email) }
    }

    /// Sets a new password with the code of a password-reset email (read it from
    /// ``LocalAuthBackend/sentEmails`` with the local backend).
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``,
    ///   ``AuthErrorCode/weakPassword``.
    public func confirmPasswordReset(withCode code: String, newPassword: String) async throws(AuthErrorCode) {
        try await request { try await backend.confirmPasswordReset(code: code, newPassword: newPassword) }
    }

    // MARK: - Lifecycle

    /// Called when the app is deleted: removes every listener, finishes every stream (``authStateChanges``,
    /// ``idTokenChanges``: their loops end), refuses later listeners, cancels a token refresh in flight, and ends
    /// every REST request in flight (and every later one, before it is sent) with ``AuthErrorCode/networkError``.
    /// A persisted user stays on disk for the app's next run.
    public func appWillBeDeleted(_ app: FlintApp) async {
        listeners.close()
        let refresh = state.withLock { state in
            defer { state.refresh = nil }
            return state.refresh
        }
        refresh?.task.cancel()
        operations.close()
    }

    // MARK: - Internals

    /// How many ID-token listeners (state listeners included) are registered.
    var listenerCount: Int { listeners.count }

    /// How many callers are waiting for a token refresh in flight.
    var refreshWaiterCount: Int { state.withLock { $0.refreshWaiters } }

    /// Runs a backend request with this Auth's ``AuthRequestContext`` (language, tenant), turning any error
    /// into an ``AuthErrorCode``.
    private func request<T>(_ body: () async throws -> T) async throws(AuthErrorCode) -> T {
        let context = requestContext.withLock { $0 }
        do {
            return try await RESTAuthHTTP.$operations.withValue(operations) {
                try await AuthRequestContext.$current.withValue(context) { try await body() }
            }
        } catch {
            throw AuthErrorCode.from(error)
        }
    }

    /// Makes `response` the signed-in session (saving it first when persisting) and notifies listeners.
    private func signIn(with response: AuthBackendSession) throws(AuthErrorCode) -> AuthDataResult {
        let session = AuthSession(response)
        try state.withLock { state throws(AuthErrorCode) in
            try persistence?.save(session)
            state.session = session
            state.refresh = nil  // a refresh in flight belongs to the previous session
            state.notifyIfTokenChanged(listeners)
        }
        listeners.deliverPending(from: self)
        return AuthDataResult(
            user: session.user,
            additionalUserInfo: AdditionalUserInfo(
                providerID: Self.additionalProviderID(response),
                isNewUser: response.isNewUser))
    }

    /// The provider Firebase reports in ``AdditionalUserInfo``: `""` for an anonymous or custom-token sign-in
    /// (the Swift SDK 12.19's `signInAnonymously` and `signIn(withCustomToken:)` build
    /// `AdditionalUserInfo(providerID: "", …)`), the sign-in provider otherwise.
    private static func additionalProviderID(_ response: AuthBackendSession) -> String? {
        switch response.signInProvider {
        case "anonymous", "custom": ""
        default: response.signInProvider
        }
    }

    /// Replaces the session identified by `refreshToken`, if it is still the signed-in one, with `new`
    /// (nil: signed out), and notifies listeners. Persistence is best effort here: the change already
    /// happened at the backend.
    private func replaceSession(refreshToken: String, with new: AuthSession?) {
        state.withLock { state in
            guard state.session?.refreshToken == refreshToken else { return }
            try? persistence?.save(new)
            state.session = new
            state.refresh = nil
            state.notifyIfTokenChanged(listeners)
        }
        listeners.deliverPending(from: self)
    }

    /// Signs out the session identified by `refreshToken` when `error` means it is over.
    private func endSessionIfInvalid(_ error: AuthErrorCode, refreshToken: String) {
        if error.endsSession {
            replaceSession(refreshToken: refreshToken, with: nil)
        }
    }

    /// The signed-in session with a fresh ID token (refreshed when needed), or nil when signed out.
    func currentSession(forcingRefresh: Bool) async throws(AuthErrorCode) -> AuthSession? {
        enum Step {
            case signedOut
            case cached(AuthSession)
            case wait(RefreshOperation)
        }
        let now = settings.now()
        let step = state.withLock { state -> Step in
            guard let session = state.session else { return .signedOut }
            if !forcingRefresh, session.hasFreshToken(at: now) { return .cached(session) }
            state.refreshWaiters += 1
            if let refresh = state.refresh, refresh.refreshToken == session.refreshToken {
                return .wait(refresh)
            }
            let refresh = RefreshOperation(refreshToken: session.refreshToken, backend: backend)
            state.refresh = refresh
            return .wait(refresh)
        }
        switch step {
        case .signedOut:
            return nil
        case .cached(let session):
            return session
        case .wait(let refresh):
            return try finish(refresh, with: await refresh.task.result)
        }
    }

    /// Applies a finished refresh (once, by its first waiter) and returns the refreshed session to each waiter.
    private func finish(
        _ refresh: RefreshOperation,
        with result: Result<AuthBackendSession, any Error>
    ) throws(AuthErrorCode) -> AuthSession {
        let outcome = state.withLock { state -> Result<AuthSession, AuthErrorCode> in
            state.refreshWaiters -= 1
            let isCurrent = state.refresh === refresh && state.session?.refreshToken == refresh.refreshToken
            if state.refresh === refresh { state.refresh = nil }
            switch result {
            case .success(let response):
                var refreshed = AuthSession(response)
                if isCurrent, refreshed.user.tenantID == nil {
                    // A refreshed token without `firebase.tenant` keeps the tenant the user signed in to.
                    refreshed.user.tenantID = state.session?.user.tenantID
                }
                if isCurrent {
                    try? persistence?.save(refreshed)
                    state.session = refreshed
                    state.notifyIfTokenChanged(listeners)
                }
                return .success(refreshed)
            case .failure(let error):
                let code = AuthErrorCode.from(error)
                if isCurrent, code.endsSession {
                    try? persistence?.save(nil)
                    state.session = nil
                    state.notifyIfTokenChanged(listeners)
                }
                return .failure(code)
            }
        }
        listeners.deliverPending(from: self)
        return try outcome.get()
    }
}
