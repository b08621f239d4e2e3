// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// Firebase Installations for one app: the app instance's installation ID (FID) and the installation auth
/// token that Remote Config and Messaging send to their backends.
///
/// ```swift
/// FlintApp.registerLibrary(InstallationsLibrary.self)
/// try FlintApp.configure(options: options)
/// let installations = try Installations.installations()
/// let fid = try await installations.installationID()                   // "eHRe1Yg-tWcDv9Z1bXzyHg", the same on every launch
/// let token = try await installations.authToken(forcingRefresh: false) // cached until an hour before expiry
/// ```
///
/// **Instances.** One per app, created by ``InstallationsLibrary``, which also serves it to other products
/// as `InstallationsInterop` (they never link this module). The entry points are `throws(ComponentError)`.
///
/// **Where requests go.** To the app's ``InstallationsBackend``: by default the embedded
/// ``LocalInstallationsBackend``; ``InstallationsLibrary/restBackend(origin:)`` or ``useEmulator(withHost:port:)``
/// for the REST API. **Persistence**: with ``InstallationsSettings/persistenceDirectory`` set, the ID and tokens
/// survive restarts; a corrupt file is an ``InstallationsErrorCode/keychain`` error until ``delete()``.
public final class Installations: ComponentLifecycleMaintainer, Sendable {
    /// A cached token is refreshed when it expires within this many seconds (one hour, as in Firebase).
    public static let tokenExpirationThreshold: TimeInterval = 3600

    /// The name of the app this instance belongs to.
    public let appName: String
    private let appID: String
    private let options: FlintOptions
    private let appBackend: any InstallationsBackend
    private let emulatorBackend = Locked<(any InstallationsBackend)?>(nil)
    /// The requests at the backend, ended when the app is deleted.
    let operations = InFlightOperations()
    private let settings: InstallationsSettings
    private let file: InstallationsFile?
    private let idChanges = FinishingBroadcaster<String>()
    private let state = Locked(State())

    private struct State {
        /// Whether ``installation`` reflects the file (loading failed or has not happened yet otherwise).
        var loaded = false
        var installation: StoredInstallation?
        /// The token request in flight, shared by every caller meanwhile.
        var refresh: (id: Int, task: Task<InstallationsAuthTokenResult, any Error>)?
        var nextRefreshID = 0
        /// Bumped by ``delete()``: a refresh of an older generation does not store its result.
        var generation = 0
        /// How many callers joined a request already in flight (tests check coalescing with it).
        var joinedRefreshCount = 0
        /// How many ``delete()`` calls are waiting for a token request in flight (tests check the wait with it).
        var waitingDeleteCount = 0
        /// The wait imposed by recent server errors or refusals.
        var backoff: InstallationsBackoff?
    }

    /// The app this Installations belongs to (Firebase's `app`); nil once the app is gone. Weak: Installations never keeps its
    /// app alive.
    public var app: FlintApp? { appReference }
    private weak let appReference: FlintApp?

    init(
        appName: String, options: FlintOptions, backend: any InstallationsBackend, settings: InstallationsSettings,
        app: FlintApp? = nil
    ) {
        self.appName = appName
        appReference = app
        self.options = options
        appID = options.googleAppID
        appBackend = backend
        self.settings = settings
        file = settings.persistenceFile(forAppNamed: appName).map { InstallationsFile(url: $0, appName: appName) }
    }

    // MARK: - Entry points

    /// The instance of the default app.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``installations(app:)``.
    public static func installations() throws(ComponentError) -> Installations {
        try installations(app: ProductEntryPoint.defaultApp())
    }

    /// The instance of `app`; the same object every time.
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when ``InstallationsLibrary`` was not
    ///   registered before `app` was configured, `ComponentError.appDeleted(name:)` for a deleted app.
    public static func installations(app: FlintApp) throws(ComponentError) -> Installations {
        try ProductEntryPoint.require(
            Installations.self, in: app, product: Installations.self, library: InstallationsLibrary.self)
    }

    // MARK: - Backend

    /// Where requests go: the emulator's REST backend after ``useEmulator(withHost:port:)``, else the app's; every
    /// call in ``operations``, so that deleting the app ends it.
    var backend: any InstallationsBackend {
        AppBoundInstallationsBackend(base: emulatorBackend.withLock { $0 } ?? appBackend, operations: operations)
    }

    /// Sends this instance's requests to the Installations REST API at `http://{host}:{port}` (for instance a
    /// test server), with the app's project ID and API key. Call it before using the instance.
    ///
    /// - Throws: ``InstallationsErrorCode/invalidConfiguration`` when `host` is not a plain host name or
    ///   address, `port` is not in 1…65535, or the app's options have no `projectID` or `apiKey`.
    public func useEmulator(withHost host: String, port: Int) throws(InstallationsError) {
        guard let projectID = options.projectID, !projectID.isEmpty, let apiKey = options.apiKey, !apiKey.isEmpty else {
            throw InstallationsError(
                .invalidConfiguration,
                message: "The app's options need a projectID and an apiKey for the Installations REST API.")
        }
        let origin: URL
        do {
            origin = try EmulatorOrigin.make(host: host, port: port)
        } catch {
            throw InstallationsError(.invalidConfiguration, message: error.description)
        }
        let backend = RESTInstallationsBackend(
            origin: origin, projectID: projectID, apiKey: apiKey, bundleID: options.bundleID, now: settings.now)
        emulatorBackend.withLock { $0 = backend }
    }

    // MARK: - The installation

    /// The installation ID: created on first use (22 characters, first four bits `0111`) and saved, so it
    /// stays the same across restarts until ``delete()``. No request is made. Creating it tells the change
    /// listeners, as Firebase posts its ID-change notification when an ID is created.
    ///
    /// - Throws: ``InstallationsErrorCode/keychain`` when the saved installation cannot be read (corrupt file) or a
    ///   new one cannot be saved: an ID is never handed out unless it was saved.
    public func installationID() async throws(InstallationsError) -> String {
        var created: String?
        defer { if let created { idChanges.send(created) } }
        return try state.withLock { state throws(InstallationsError) in
            try currentInstallation(&state, created: &created).fid
        }
    }

    /// The installation loaded from the file, or a new saved one (then `created` is its ID, for the change listeners).
    /// Called with the state lock held (own I/O only).
    private func currentInstallation(_ state: inout State, created: inout String?) throws(InstallationsError)
        -> StoredInstallation
    {
        if !state.loaded {
            state.installation = try file?.load()
            state.loaded = true
        }
        if let installation = state.installation { return installation }
        let installation = StoredInstallation(fid: InstallationID.make())
        try file?.save(installation)
        state.installation = installation
        created = installation.fid
        return installation
    }

    /// The installation auth token: the cached one while it expires more than ``tokenExpirationThreshold``
    /// from now and `forcingRefresh` is false; otherwise a new one (registering the installation first if
    /// needed). Concurrent callers share one request. An installation the backend no longer knows is
    /// registered again under a new ID, and the change listeners are told.
    ///
    /// After server errors (HTTP 429, 5xx) or refusals (400, 403) the backend is not asked again before
    /// ``backoff``'s retry date (``InstallationsBackoff``).
    ///
    /// - Throws: ``InstallationsErrorCode/serverUnreachable``, ``InstallationsErrorCode/invalidConfiguration``
    ///   from the backend; ``InstallationsErrorCode/serverUnreachable`` during a backoff;
    ///   ``InstallationsErrorCode/keychain`` when the installation cannot be read or saved.
    public func authToken(forcingRefresh: Bool) async throws(InstallationsError) -> InstallationsAuthTokenResult {
        let step: TokenStep
        do {
            var created: String?
            defer { if let created { idChanges.send(created) } }
            step = try lockedTokenStep(now: settings.now(), forcingRefresh: forcingRefresh, created: &created)
        }
        switch step {
        case .cached(let token):
            return token
        case .wait(let task):
            do {
                return try await task.value
            } catch let error as InstallationsError {
                throw error
            } catch {
                throw InstallationsError(.unknown, message: String(describing: error))
            }
        }
    }

    /// What ``authToken(forcingRefresh:)`` does after looking at the state.
    private enum TokenStep {
        /// Serve the cached token.
        case cached(InstallationsAuthTokenResult)
        /// Wait for this request.
        case wait(Task<InstallationsAuthTokenResult, any Error>)
    }

    /// What ``authToken(forcingRefresh:)`` does next: serve the cached token or wait for a request (a new one, or the
    /// one in flight). `created` is set to the ID of an installation created meanwhile.
    private func lockedTokenStep(now: Date, forcingRefresh: Bool, created: inout String?) throws(InstallationsError)
        -> TokenStep
    {
        try state.withLock { state throws(InstallationsError) -> TokenStep in
            let installation = try currentInstallation(&state, created: &created)
            if !forcingRefresh, installation.isRegistered, let token = installation.authToken,
                let expiration = installation.expirationDate,
                expiration.timeIntervalSince(now) > Self.tokenExpirationThreshold
            {
                return .cached(InstallationsAuthTokenResult(authToken: token, expirationDate: expiration))
            }
            if let refresh = state.refresh {
                state.joinedRefreshCount += 1
                return .wait(refresh.task)
            }
            if let backoff = state.backoff, now < backoff.retryDate {
                throw InstallationsError(
                    .serverUnreachable,
                    message:
                        "Too many failed requests: the Installations backend is not asked again before \(backoff.retryDate)."
                )
            }
            let id = state.nextRefreshID
            state.nextRefreshID += 1
            let generation = state.generation
            let task = Task { () throws -> InstallationsAuthTokenResult in
                try await self.refresh(installation, id: id, generation: generation)
            }
            state.refresh = (id, task)
            return .wait(task)
        }
    }

    /// ``authToken(forcingRefresh:)`` without forcing: the cached token while it is valid for more than an hour.
    ///
    /// - Throws: the errors of ``authToken(forcingRefresh:)``.
    public func authToken() async throws(InstallationsError) -> InstallationsAuthTokenResult {
        try await authToken(forcingRefresh: false)
    }

    /// One token request: registers `installation` or asks for a new token, then saves the result.
    private func refresh(_ installation: StoredInstallation, id: Int, generation: Int) async throws(InstallationsError)
        -> InstallationsAuthTokenResult
    {
        let backend = backend
        var updated = installation
        let token: InstallationsAuthTokenResult
        do {
            if let refreshToken = installation.refreshToken {
                do {
                    token = try await backend.generateAuthToken(fid: installation.fid, refreshToken: refreshToken)
                } catch .installationNotFound {
                    let registration = try await backend.createInstallation(fid: InstallationID.make(), appID: appID)
                    updated = StoredInstallation(fid: registration.fid, refreshToken: registration.refreshToken)
                    token = registration.authToken
                }
            } else {
                let registration = try await backend.createInstallation(fid: installation.fid, appID: appID)
                updated = StoredInstallation(fid: registration.fid, refreshToken: registration.refreshToken)
                token = registration.authToken
            }
        } catch {
            let now = settings.now()
            state.withLock { state in
                if state.refresh?.id == id { state.refresh = nil }
                switch error {
                case .serverError: state.backoff = .after(state.backoff, unrecoverable: false, at: now)
                case .invalidConfiguration: state.backoff = .after(state.backoff, unrecoverable: true, at: now)
                case .serverUnreachable, .installationNotFound: break
                }
            }
            throw Self.error(from: error)
        }
        updated.authToken = token.authToken
        updated.expirationDate = token.expirationDate
        let saved = updated
        try state.withLock { state throws(InstallationsError) in
            if state.refresh?.id == id { state.refresh = nil }
            state.backoff = nil
            guard state.generation == generation else {
                throw InstallationsError(
                    .unknown, message: "The installation was deleted while its auth token was being fetched.")
            }
            try file?.save(saved)
            state.installation = saved
            state.loaded = true
        }
        if saved.fid != installation.fid { idChanges.send(saved.fid) }
        return token
    }

    /// Deletes the installation: from the backend when it was registered (one the backend no longer knows counts as
    /// deleted), then from this device. A new installation ID is created and saved at once, and the change listeners
    /// get it. A token request in flight is awaited first, as in Firebase: the installation it registers or
    /// refreshes is the one deleted, and its caller still gets the token.
    ///
    /// Also the way out of a corrupt file: the unreadable file is replaced.
    ///
    /// - Throws: the backend's errors (nothing is deleted locally then); ``InstallationsErrorCode/keychain``
    ///   when the new installation cannot be saved.
    public func delete() async throws(InstallationsError) {
        while let running = state.withLock({ $0.refresh?.task }) {
            state.withLock { $0.waitingDeleteCount += 1 }
            _ = try? await running.value
            state.withLock { $0.waitingDeleteCount -= 1 }
        }
        let current = state.withLock { state -> StoredInstallation? in
            state.loaded ? state.installation : (try? file?.load()) ?? nil
        }
        if let current, let refreshToken = current.refreshToken {
            do {
                try await backend.deleteInstallation(fid: current.fid, refreshToken: refreshToken)
            } catch .installationNotFound {
                // Already gone from the backend: delete it here too.
            } catch {
                throw Self.error(from: error)
            }
        }
        let fid = try state.withLock { state throws(InstallationsError) -> String in
            state.generation += 1
            state.refresh = nil
            state.installation = nil
            state.loaded = true
            let installation = StoredInstallation(fid: InstallationID.make())
            do throws(InstallationsError) {
                try file?.save(installation)
            } catch {
                state.loaded = false
                throw error
            }
            state.installation = installation
            return installation.fid
        }
        idChanges.send(fid)
    }

    /// Calls `listener` with the new installation ID each time it changes (its creation, ``delete()``, or a
    /// registration under a new ID), until the registration is removed or the app is deleted.
    @discardableResult
    public func addInstallationIDChangeListener(_ listener: @escaping @Sendable (String) -> Void)
        -> any ListenerRegistration
    {
        idChanges.addListener(listener)
    }

    /// The new installation ID after each change, as a stream: one listener per stream, removed when the
    /// loop ends however it ends; the stream finishes when the app is deleted. Keeps only the newest ID.
    public var installationIDChanges: AsyncStream<String> {
        idChanges.stream(bufferingPolicy: .bufferingNewest(1))
    }

    /// The wait imposed by recent server errors or refusals, or nil.
    public var backoff: InstallationsBackoff? { state.withLock { $0.backoff } }

    /// How many token callers joined a request already in flight.
    var joinedRefreshCount: Int { state.withLock { $0.joinedRefreshCount } }

    /// How many ``delete()`` calls wait for a token request in flight.
    var waitingDeleteCount: Int { state.withLock { $0.waitingDeleteCount } }

    /// The number of registered change listeners (streams included).
    var listenerCount: Int { idChanges.listenerCount }

    /// Ends every request in flight (their callers get ``InstallationsErrorCode/serverUnreachable``), every
    /// ``installationIDChanges`` stream, and drops the listeners.
    public func appWillBeDeleted(_ app: FlintApp) async {
        operations.close()
        idChanges.finish()
    }

    /// `error` as an ``InstallationsError``.
    private static func error(from error: InstallationsBackendError) -> InstallationsError {
        switch error {
        case .installationNotFound:
            InstallationsError(.unknown, message: "The backend does not know the installation.")
        case .invalidConfiguration(let reason):
            InstallationsError(.invalidConfiguration, message: reason)
        case .serverUnreachable(let reason):
            InstallationsError(.serverUnreachable, message: reason)
        case .serverError(let reason):
            InstallationsError(.serverUnreachable, message: reason)
        }
    }
}
