// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// Firebase Cloud Messaging for the default app (Firebase's `Messaging`): the app instance's FCM registration
/// token, topic subscriptions, and the messages received while the app runs.
///
/// ```swift
/// FlintApp.registerLibrary(MessagingLibrary.self)      // and an Installations library
/// try FlintApp.configure(options: options)             // Messaging starts, and fetches a token
/// let messaging = try Messaging.messaging()
/// let token = try await messaging.token()              // send it to your server
/// try await messaging.subscribe(toTopic: "weather")
/// for await message in messaging.foregroundMessages { show(message.appData) }
/// ```
///
/// **One instance, default app only.** ``MessagingLibrary`` registers it eagerly in the default app, as
/// Firebase does: it is created when the default app is configured and, when ``isAutoInitEnabled``, fetches a
/// token at once. Other apps have none (``messaging(app:)`` throws, their `MessagingInterop` resolves nil).
///
/// **The token** is issued by the app's ``MessagingBackend`` for the installation ID (from the app's
/// `InstallationsInterop`) and the sender ID (`gcmSenderID`): `{installation ID}:APA91b…` with the embedded
/// backend. It is cached until ``deleteToken()``, or until the installation ID changes (then a new one is
/// fetched when auto-init is on). Every change is told to the ``delegate``, the token listeners and
/// ``tokenUpdates``; Functions sends it as `Firebase-Instance-ID-Token` (through `MessagingInterop`).
///
/// **Persistence**: with ``MessagingSettings/persistenceDirectory`` the token and an explicitly set
/// ``isAutoInitEnabled`` survive a restart (a restored token is checked against the installation ID, and not
/// used once a week old); without it they live in memory only.
public final class Messaging: MessagingInterop, ComponentLifecycleMaintainer, Sendable {
    /// The name of the app this instance belongs to (always the default app's).
    public let appName: String

    private let installations: (any InstallationsInterop)?
    private let appBackend: any MessagingBackend
    /// The backend set by ``useEmulator(withHost:port:)``, which replaces the app's.
    private let emulatorBackend = Locked<HTTPMessagingBackend?>(nil)
    let options: FlintOptions
    private let state: Locked<State>
    private let delegateBox = Locked(WeakDelegate())
    let tokenListeners = FinishingBroadcaster<String?>()
    let messageListeners = FinishingBroadcaster<MessagingRemoteMessage>()
    /// The tokens of other senders (``retrieveFCMToken(forSenderID:)``).
    let senderTokens = SenderTokens()
    private let installationIDRegistration = Locked<(any ListenerRegistration)?>(nil)
    private let persistence: MessagingPersistenceFile?
    /// ``MessagingSettings/isAutoInitEnabled`` (Firebase's `FirebaseMessagingAutoInitEnabled` Info.plist key).
    private let configuredAutoInit: Bool?
    /// The app's `isDataCollectionDefaultEnabled`, read each time (false once the app is gone).
    private let dataCollectionDefault: @Sendable () -> Bool

    private struct State {
        var token: String?
        /// The request the token was issued for (its installation ID and credentials).
        var request: MessagingRegistrationRequest?
        /// Bumped by every deletion or installation ID change: a fetch of an older generation is discarded.
        var generation = 0
        var fetch: (generation: Int, task: Task<String, any Error>)?
        var receiver: (any ListenerRegistration)?
        var refresh: Task<Void, Never>?
        /// The last token told to the delegate and listeners, and those waiting to be told, in order.
        var announced: String?
        var pendingAnnouncements: [String?] = []
        var isAnnouncing = false
        var isDeleted = false
        /// ``isAutoInitEnabled`` when set explicitly (or restored), the only value saved; it wins over
        /// ``configuredAutoInit`` and the app's data collection switch.
        var explicitAutoInit: Bool?
        /// When the token was fetched (saved with it: a restored token older than ``tokenFreshness`` is not used).
        var tokenFetchedAt: Date?
        /// The last error reading or writing the saved state; nil after a successful write.
        var persistenceError: MessagingError?
    }

    private struct WeakDelegate {
        weak var value: (any MessagingDelegate)?
    }

    /// A fetch discarded because the token was deleted or the installation ID changed meanwhile.
    struct Superseded: Error {}

    /// How many times ``token()`` starts over after a fetch was superseded before giving up.
    static let maximumAttempts = 3

    /// A saved token older than this (a week) is not restored: a new one is fetched, as Firebase's
    /// `FIRMessagingTokenInfo.isFreshWithIID:` refreshes a token after seven days.
    static let tokenFreshness: TimeInterval = 7 * 24 * 60 * 60

    init(
        app: FlintApp, installations: (any InstallationsInterop)?, backend: any MessagingBackend,
        settings: MessagingSettings
    ) {
        appName = app.name
        options = app.options
        self.installations = installations
        appBackend = backend
        persistence = settings.persistenceDirectory.map { MessagingPersistenceFile(directory: $0) }
        configuredAutoInit = settings.isAutoInitEnabled
        dataCollectionDefault = { [weak app] in app?.isDataCollectionDefaultEnabled ?? false }
        state = Locked(State())
    }

    /// Restores a saved token (then checks its installation ID), listens for installation ID changes and, with
    /// auto-init on and no token, starts fetching one (Firebase's `start` and `didCompleteConfigure`).
    func start() {
        let restored = restore()
        if let installations {
            let registration = installations.addInstallationIDChangeListener { [weak self] id in
                self?.installationIDDidChange(to: id)
            }
            installationIDRegistration.withLock { $0 = registration }
        }
        if let restored {
            connectReceiver(for: restored)
            // A restored token belongs to the installation ID it was issued for: check it is still the one.
            Task { [weak self, installations] in
                guard let installationID = try? await installations?.installationID() else { return }
                self?.installationIDDidChange(to: installationID)
            }
        } else if isAutoInitEnabled {
            refresh(deleting: nil)
        }
    }

    /// Reads the saved state into memory; returns the restored token. A file that cannot be read is reported
    /// in ``persistenceError`` and ignored (as Firebase does with an unreadable keychain entry).
    private func restore() -> String? {
        guard let persistence else { return nil }
        return state.withLock { state -> String? in
            do throws(MessagingError) {
                guard let saved = try persistence.load(), saved.senderID == options.gcmSenderID,
                    saved.appID == options.googleAppID
                else { return nil }
                if let autoInit = saved.isAutoInitEnabled { state.explicitAutoInit = autoInit }
                guard let token = saved.token, let installationID = saved.installationID,
                    let fetchedAt = saved.fetchedAt, Date().timeIntervalSince(fetchedAt) < Self.tokenFreshness
                else { return nil }
                state.token = token
                state.tokenFetchedAt = fetchedAt
                state.request = MessagingRegistrationRequest(
                    senderID: options.gcmSenderID, appID: options.googleAppID,
                    projectID: options.projectID, apiKey: options.apiKey,
                    installationID: installationID, installationAuthToken: "")
                state.announced = token
                return token
            } catch {
                state.persistenceError = error
                return nil
            }
        }
    }

    /// Writes the state to the file (when persisting), recording the outcome in ``persistenceError``.
    private func save(_ state: inout State) throws(MessagingError) {
        guard let persistence else { return }
        do {
            try persistence.save(
                MessagingPersistenceFile.Contents(
                    senderID: options.gcmSenderID, appID: options.googleAppID, token: state.token,
                    installationID: state.request?.installationID, isAutoInitEnabled: state.explicitAutoInit,
                    fetchedAt: state.token == nil ? nil : state.tokenFetchedAt))
            state.persistenceError = nil
        } catch {
            state.persistenceError = error
            throw error
        }
    }

    /// The last error reading or writing the saved state (``MessagingSettings/persistenceDirectory``): a corrupt
    /// file found at start (then ignored), or a failed write; nil after a successful write and without
    /// persistence.
    public var persistenceError: MessagingError? { state.withLock { $0.persistenceError } }

    /// `request` with an installation auth token, fetched when it has none (a restored token's request).
    private func withAuthToken(_ request: MessagingRegistrationRequest) async -> MessagingRegistrationRequest {
        guard request.installationAuthToken.isEmpty, let installations,
            let token = try? await installations.authToken(forcingRefresh: false)
        else { return request }
        var request = request
        request.installationAuthToken = token.authToken
        return request
    }

    // MARK: - Entry points

    /// The instance of the default app.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``messaging(app:)``.
    public static func messaging() throws(ComponentError) -> Messaging {
        try messaging(app: ProductEntryPoint.defaultApp())
    }

    /// The instance of `app`, which must be its registry's default app; the same object every time.
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when ``MessagingLibrary`` was not
    ///   registered before `app` was configured, `ComponentError.appDeleted(name:)` for a deleted app,
    ///   `ComponentError.invalidArgument(product:reason:)` for an app that is not the default app.
    public static func messaging(app: FlintApp) throws(ComponentError) -> Messaging {
        do {
            return try ProductEntryPoint.require(
                Messaging.self, in: app, product: Messaging.self,
                library: MessagingLibrary.self)
        } catch .factoryReturnedNil {
            throw .invalidArgument(
                product: ComponentError.typeName(of: Messaging.self),
                reason:
                    "Messaging works with the default app only, and \(FlintApp.displayName(forAppNamed: app.name)) is not it."
            )
        }
    }

    // MARK: - Settings

    /// The delegate told about token changes; held weakly.
    public var delegate: (any MessagingDelegate)? {
        get { delegateBox.withLock { $0.value } }
        set { delegateBox.withLock { $0.value = newValue } }
    }

    /// Whether a token is fetched automatically: when the instance starts, when this is turned on, and after
    /// the installation ID changes. As in Firebase, the first of: the value set here (saved, with
    /// ``MessagingSettings/persistenceDirectory``), ``MessagingSettings/isAutoInitEnabled``, and the app's
    /// `isDataCollectionDefaultEnabled` as it is now (read on every use, so turning that switch off turns
    /// auto-init off too).
    public var isAutoInitEnabled: Bool {
        get { state.withLock { autoInit(in: $0) } }
        set {
            let start = state.withLock { state in
                let start =
                    newValue && !autoInit(in: state) && state.token == nil && state.fetch == nil
                    && !state.isDeleted
                state.explicitAutoInit = newValue
                try? save(&state)  // a failure is in persistenceError
                return start
            }
            if start { refresh(deleting: nil) }
        }
    }

    /// ``isAutoInitEnabled`` given `state` (called with the lock held; reads an atomic flag, runs no user code).
    private func autoInit(in state: State) -> Bool {
        state.explicitAutoInit ?? configuredAutoInit ?? dataCollectionDefault()
    }

    /// The app's embedded backend, or nil when the app's ``MessagingBackend`` is another kind or this
    /// instance uses an emulator.
    public var localBackend: LocalMessagingBackend? { backend as? LocalMessagingBackend }

    /// Where requests go: the emulator's HTTP backend after ``useEmulator(withHost:port:)``, else the app's.
    var backend: any MessagingBackend {
        emulatorBackend.withLock { $0 } ?? appBackend
    }

    /// Sends the requests made afterwards over HTTP (``HTTPMessagingBackend``) to `http://{host}:{port}`, for
    /// registrations and topics alike, whatever the app's backend. Firebase has no Messaging emulator: point it
    /// at a server of your own, or a test server. Call it before fetching a token.
    public func useEmulator(withHost host: String, port: Int) {
        let prefix = host.hasPrefix("http") ? "" : "http://"
        guard let origin = URL(string: "\(prefix)\(host):\(port)") else { return }
        emulatorBackend.withLock { $0 = HTTPMessagingBackend(origin: origin) }
    }

    /// The origin set by ``useEmulator(withHost:port:)`` (e.g. `http://127.0.0.1:9099`), or nil.
    public var emulatorOrigin: String? {
        emulatorBackend.withLock { $0?.registrationsOrigin.absoluteString }
    }

    // MARK: - Token

    /// The current FCM registration token, or nil before one was issued, after ``deleteToken()``, or after the
    /// installation ID changed until the next one arrives. Never fetches (``token()`` does).
    public var fcmToken: String? { state.withLock { $0.token } }

    /// The FCM registration token: the cached one, or a new one from the backend (concurrent calls share one
    /// request). Works whether or not auto-init is on.
    ///
    /// - Throws: ``MessagingError`` `noAccess` when the app has no `InstallationsInterop` or it fails;
    ///   the backend's errors (`network`, `timeout`, `authentication`, …); `operationInProgress` when the token
    ///   kept being deleted or invalidated while it was fetched; `unknown` after the app was deleted.
    public func token() async throws(MessagingError) -> String {
        for _ in 0..<Self.maximumAttempts {
            let next = state.withLock { state -> TokenStep in
                if state.isDeleted { return .deleted }
                if let token = state.token { return .done(token) }
                if let fetch = state.fetch, fetch.generation == state.generation { return .wait(fetch.task) }
                let generation = state.generation
                let task = Task { try await self.fetchToken(generation: generation) }
                state.fetch = (generation, task)
                return .wait(task)
            }
            switch next {
            case .deleted:
                throw Self.appDeletedError
            case .done(let token):
                return token
            case .wait(let task):
                let result = await task.result
                state.withLock { state in
                    if state.fetch?.task == task { state.fetch = nil }
                }
                switch result {
                case .success(let token):
                    return token
                case .failure(let error as MessagingError):
                    throw error
                case .failure(let error) where error is Superseded:
                    continue
                case .failure(let error):
                    throw Self.messagingError(error)
                }
            }
        }
        throw MessagingError(
            .operationInProgress,
            message: "The token was deleted or invalidated while it was being fetched, \(Self.maximumAttempts) times.")
    }

    /// Deletes the token at the backend (messages to it fail from now on) and forgets it: ``fcmToken`` is nil,
    /// the delegate is told nil (``tokenUpdates`` yields nothing), and the next ``token()`` gets a new one. A
    /// fetch in flight is discarded. Topic subscriptions belonged to the old token.
    ///
    /// - Throws: the backend's ``MessagingError``s (the token is forgotten locally anyway); `unknown` after
    ///   the app was deleted.
    public func deleteToken() async throws(MessagingError) {
        let taken = state.withLock {
            state -> (String?, MessagingRegistrationRequest?, (any ListenerRegistration)?, MessagingError?)? in
            guard !state.isDeleted else { return nil }
            state.generation += 1
            state.fetch = nil
            let taken = (state.token, state.request, state.receiver)
            guard taken.0 != nil else { return (nil, nil, nil, nil) }
            state.token = nil
            state.request = nil
            state.receiver = nil
            do throws(MessagingError) {
                try save(&state)
                return (taken.0, taken.1, taken.2, nil)
            } catch {
                return (taken.0, taken.1, taken.2, error)
            }
        }
        guard let (token, request, receiver, saveError) = taken else { throw Self.appDeletedError }
        receiver?.remove()
        guard let token, let request else { return }
        announce(nil)
        do {
            try await backend.deleteRegistration(token: token, request: await withAuthToken(request))
        } catch {
            throw Self.messagingError(error)
        }
        if let saveError { throw saveError }
    }

    // MARK: - Topics

    /// Subscribes this app instance to `topic` (`weather`; the old `/topics/weather` form works too), getting a
    /// token first if needed.
    ///
    /// - Throws: ``MessagingError`` `invalidTopicName` when `topic` is empty or has a character outside
    ///   `a-z A-Z 0-9 - _ . ~ %`; the errors of ``token()``; the backend's.
    public func subscribe(toTopic topic: String) async throws(MessagingError) {
        guard let name = MessagingTopic.normalize(topic) else {
            throw MessagingError(
                .invalidTopicName, message: "Cannot parse topic name: '\(Self.shorten(topic))'. Will not subscribe.")
        }
        let (token, request) = try await registration()
        do {
            try await backend.subscribe(token: token, toTopic: name, request: request)
        } catch {
            throw Self.messagingError(error)
        }
    }

    /// Unsubscribes this app instance from `topic` (see ``subscribe(toTopic:)``).
    ///
    /// - Throws: the errors of ``subscribe(toTopic:)``.
    public func unsubscribe(fromTopic topic: String) async throws(MessagingError) {
        guard let name = MessagingTopic.normalize(topic) else {
            throw MessagingError(
                .invalidTopicName, message: "Cannot parse topic name: '\(Self.shorten(topic))'. Will not unsubscribe.")
        }
        let (token, request) = try await registration()
        do {
            try await backend.unsubscribe(token: token, fromTopic: name, request: request)
        } catch {
            throw Self.messagingError(error)
        }
    }

    // MARK: - Lifecycle

    /// Called when the app is deleted: disconnects from the backend, stops a fetch in flight, removes every
    /// listener and finishes every stream. The token stays registered at the backend.
    public func appWillBeDeleted(_ app: FlintApp) async {
        let (receiver, refresh) = state.withLock { state in
            state.isDeleted = true
            state.fetch = nil
            defer {
                state.receiver = nil
                state.refresh = nil
            }
            return (state.receiver, state.refresh)
        }
        receiver?.remove()
        refresh?.cancel()
        installationIDRegistration.withLock { registration in
            defer { registration = nil }
            return registration
        }?.remove()
        senderTokens.close()
        tokenListeners.finish()
        messageListeners.finish()
    }

    // MARK: - Internals

    private enum TokenStep {
        case deleted
        case done(String)
        case wait(Task<String, any Error>)
    }

    static var appDeletedError: MessagingError {
        MessagingError(.unknown, message: "The app was deleted.")
    }

    /// The token and the request it was issued for, fetching it first if needed.
    private func registration() async throws(MessagingError) -> (String, MessagingRegistrationRequest) {
        for _ in 0..<Self.maximumAttempts {
            let token = try await self.token()
            if let request = state.withLock({ $0.token == token ? $0.request : nil }) {
                return (token, await withAuthToken(request))
            }
        }
        throw MessagingError(.operationInProgress, message: "The token kept changing while a topic operation started.")
    }

    /// Asks Installations and the backend for a token; keeps it (and connects to its messages) unless the
    /// generation changed meanwhile, in which case it is deleted again and ``Superseded`` is thrown.
    private func fetchToken(generation: Int) async throws -> String {
        let (token, request) = try await register(senderID: options.gcmSenderID)
        let kept = state.withLock { state -> Result<Bool, MessagingError> in
            guard !state.isDeleted, state.generation == generation else { return .success(false) }
            let previous = (state.token, state.request, state.tokenFetchedAt)
            state.token = token
            state.request = request
            state.tokenFetchedAt = Date()
            do throws(MessagingError) {
                try save(&state)
            } catch {
                (state.token, state.request, state.tokenFetchedAt) = previous
                return .failure(error)
            }
            return .success(true)
        }
        switch kept {
        case .success(true):
            break
        case .success(false):
            try? await backend.deleteRegistration(token: token, request: request)
            throw Superseded()
        case .failure(let error):
            // Not kept, so not left registered: the caller hears why.
            try? await backend.deleteRegistration(token: token, request: request)
            throw error
        }
        connectReceiver(for: token)
        announce(token)
        return token
    }

    /// Asks Installations for the installation ID and auth token, then the backend for a token for `senderID`.
    func register(senderID: String) async throws -> (String, MessagingRegistrationRequest) {
        guard let installations else {
            throw MessagingError(
                .noAccess,
                message:
                    "The app has no InstallationsInterop: register an Installations library (or, in tests, FakeInstallations) to get a token."
            )
        }
        let request: MessagingRegistrationRequest
        do {
            let installationID = try await installations.installationID()
            let authToken = try await installations.authToken(forcingRefresh: false).authToken
            request = MessagingRegistrationRequest(
                senderID: senderID, appID: options.googleAppID,
                projectID: options.projectID, apiKey: options.apiKey,
                installationID: installationID, installationAuthToken: authToken)
        } catch {
            throw MessagingError(
                .noAccess, message: "Installations could not give an installation ID and auth token: \(error)")
        }
        return (try await backend.register(request), request)
    }

    /// Connects to the messages sent to `token`, replacing the previous connection, unless the token changed
    /// meanwhile.
    private func connectReceiver(for token: String) {
        let registration = backend.addReceiver(token: token) { [weak self] message in
            self?.messageListeners.send(message)
        }
        let stale = state.withLock { state -> (any ListenerRegistration)? in
            guard state.token == token, !state.isDeleted else { return registration }
            defer { state.receiver = registration }
            return state.receiver
        }
        stale?.remove()
    }

    /// Forgets the token when the installation ID changed, deletes it at the backend, and fetches a new one with
    /// auto-init on (else tells everyone the token is gone).
    private func installationIDDidChange(to installationID: String) {
        let stale = senderTokens.invalidateAll()
        if !stale.isEmpty {
            let backend = backend
            Task {
                for (token, request) in stale { try? await backend.deleteRegistration(token: token, request: request) }
            }
        }
        let taken = state.withLock {
            state -> (String?, MessagingRegistrationRequest?, (any ListenerRegistration)?, Bool)? in
            guard !state.isDeleted, state.token != nil || state.fetch != nil,
                state.request?.installationID != installationID || state.fetch != nil
            else { return nil }
            state.generation += 1
            state.fetch = nil
            let taken = (state.token, state.request, state.receiver, autoInit(in: state))
            state.token = nil
            state.request = nil
            state.receiver = nil
            try? save(&state)  // a failure is in persistenceError
            return taken
        }
        guard let (token, request, receiver, autoInit) = taken else { return }
        receiver?.remove()
        if !autoInit { announce(nil) }
        if let token, let request {
            refresh(deleting: (token, request), fetch: autoInit)
        } else if autoInit {
            refresh(deleting: nil)
        }
    }

    /// Starts (replacing any) the background work: delete `old` at the backend, then fetch a token.
    private func refresh(deleting old: (String, MessagingRegistrationRequest)?, fetch: Bool = true) {
        let task = Task { [weak self] in
            if let (token, request) = old {
                if let self {
                    try? await backend.deleteRegistration(token: token, request: await withAuthToken(request))
                }
            }
            if fetch, !Task.isCancelled { _ = try? await self?.token() }
        }
        let previous = state.withLock { state -> Task<Void, Never>? in
            guard !state.isDeleted else { return task }
            defer { state.refresh = task }
            return nil
        }
        previous?.cancel()
    }

    /// Tells the delegate and the token listeners about `token` if it differs from the last one told; one
    /// thread at a time delivers, in the order of the calls.
    private func announce(_ token: String?) {
        let deliver = state.withLock { state in
            state.pendingAnnouncements.append(token)
            guard !state.isAnnouncing else { return false }
            state.isAnnouncing = true
            return true
        }
        guard deliver else { return }
        while true {
            let next = state.withLock { state -> String?? in
                while !state.pendingAnnouncements.isEmpty {
                    let value = state.pendingAnnouncements.removeFirst()
                    if value != state.announced, !state.isDeleted {
                        state.announced = value
                        return .some(value)
                    }
                }
                state.isAnnouncing = false
                return .none
            }
            guard case .some(let value) = next else { return }
            delegate?.messaging(self, didReceiveRegistrationToken: value)
            tokenListeners.send(value)
        }
    }

    /// `error` as a ``MessagingError``: itself, or `timeout`/`network` for URL errors, else `unknown`.
    static func messagingError(_ error: any Error) -> MessagingError {
        if let error = error as? MessagingError { return error }
        if let error = error as? URLError {
            return MessagingError(error.code == .timedOut ? .timeout : .network, message: error.localizedDescription)
        }
        return MessagingError(.unknown, message: String(describing: error))
    }

    private static func shorten(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
