// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// Firebase Authentication for one app: email-and-password, anonymous, custom-token and identity-provider
/// accounts, and the signed-in ``User`` as an object and as streams.
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
        /// The signed-in user's data and tokens; nil when signed out.
        var session: AuthSession?
        /// The signed-in user object (``Auth/currentUser``), showing `session.user`; nil when signed out.
        var user: User?
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
            listeners.enqueue(user)
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
    let persistence: AuthPersistenceFile?
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
        if let restored {
            let user = User(restored.user, auth: self)
            state.withLock { $0.user = user }
        }
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

    /// The signed-in user, or nil: the same object across token refreshes, reloads, profile changes, linking
    /// and reauthentication; a new sign-in makes a new object (see ``User``).
    public var currentUser: User? {
        state.withLock { $0.user }
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
    func request<T>(_ body: () async throws -> T) async throws(AuthErrorCode) -> T {
        let context = requestContext.withLock { $0 }
        do {
            return try await RESTAuthHTTP.$operations.withValue(operations) {
                try await AuthRequestContext.$current.withValue(context) { try await body() }
            }
        } catch {
            throw AuthErrorCode.from(error)
        }
    }

    /// Makes `session` the state's session (nil: signed out) with its user object: `adopting` when given, the
    /// current object when `keepingUser` and the uid is the same (a refresh, a reload, a link), a new object
    /// otherwise (a new sign-in, as the SDK makes one). A user object that stops being current keeps the session
    /// it had (`User.detachedSession`). Runs under the state lock; touches only the users' own locks.
    func install(_ session: AuthSession?, in state: inout State, keepingUser: Bool, adopting: User? = nil) {
        let previous = (user: state.user, session: state.session)
        defer {
            // A user object leaving keeps its session (the SDK's user has its own tokens).
            if let user = previous.user, let session = previous.session, user !== state.user {
                user.keepDetached(session)
            }
        }
        state.session = session
        guard let session else {
            state.user = nil
            return
        }
        if let adopting {
            adopting.attach(to: self)
            adopting.update(session.user)
            state.user = adopting
        } else if keepingUser, let user = state.user, user.uid == session.user.uid {
            user.update(session.user)
        } else {
            state.user = User(session.user, auth: self)
        }
    }

    /// Makes `response` the signed-in session (saving it first when persisting), notifies listeners and returns
    /// the user object (a new one, or `adopting`).
    func signIn(with response: AuthBackendSession, adopting: User? = nil) throws(AuthErrorCode) -> User {
        let session = AuthSession(response)
        let user = try state.withLock { state throws(AuthErrorCode) in
            try persistence?.save(session)
            install(session, in: &state, keepingUser: false, adopting: adopting)
            state.refresh = nil  // a refresh in flight belongs to the previous session
            state.notifyIfTokenChanged(listeners)
            return state.user!
        }
        listeners.deliverPending(from: self)
        return user
    }

    /// Replaces the session identified by `refreshToken`, if it is still the signed-in one, with `new` (nil:
    /// signed out), keeping the user object, and notifies listeners. Persistence is best effort here: the
    /// change already happened at the backend.
    ///
    /// - Returns: whether the session was still the signed-in one.
    @discardableResult
    func replaceSession(refreshToken: String, with new: AuthSession?) -> Bool {
        let replaced = state.withLock { state in
            guard state.session?.refreshToken == refreshToken else { return false }
            try? persistence?.save(new)
            install(new, in: &state, keepingUser: true)
            state.refresh = nil
            state.notifyIfTokenChanged(listeners)
            return true
        }
        listeners.deliverPending(from: self)
        return replaced
    }

    /// Signs out the session identified by `refreshToken` when `error` means it is over.
    func endSessionIfInvalid(_ error: AuthErrorCode, refreshToken: String) {
        if error.endsSession {
            replaceSession(refreshToken: refreshToken, with: nil)
        }
    }
}
