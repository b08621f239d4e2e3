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

    let installations: (any InstallationsInterop)?
    private let appBackend: any MessagingBackend
    /// The backend set by ``useEmulator(withHost:port:)``, which replaces the app's.
    private let emulatorBackend = Locked<HTTPMessagingBackend?>(nil)
    /// The requests at the backend, ended when the app is deleted.
    let operations = InFlightOperations()
    let options: FlintOptions
    let state: Locked<State>
    private let delegateBox = Locked(WeakDelegate())
    let tokenListeners = FinishingBroadcaster<String?>()
    let messageListeners = FinishingBroadcaster<MessagingRemoteMessage>()
    /// The tokens of other senders (``retrieveFCMToken(forSenderID:)``).
    let senderTokens = SenderTokens()
    private let installationIDRegistration = Locked<(any ListenerRegistration)?>(nil)
    /// The saved state's file (``MessagingSettings/persistenceDirectory``), nil without persistence.
    let persistence: MessagingPersistenceFile?
    /// ``MessagingSettings/isAutoInitEnabled`` (Firebase's `FirebaseMessagingAutoInitEnabled` Info.plist key).
    private let configuredAutoInit: Bool?
    /// The app's `isDataCollectionDefaultEnabled`, read each time (false once the app is gone).
    private let dataCollectionDefault: @Sendable () -> Bool
    /// ``MessagingSettings/isInstallationIdEnabled``.
    let installationIdEnabled: Bool
    /// The APNs token and its type (``setAPNSToken(_:type:)``), sent with every registration made afterwards.
    let apns = Locked<(token: Data, type: MessagingAPNSTokenType)?>(nil)
    /// The installation ID registration (``register()``), with ``isInstallationIdEnabled`` on.
    let installationRegistration = Locked(InstallationRegistration())

    /// Everything that changes, under one lock.
    struct State {
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

    /// The app this Messaging belongs to (Firebase's `app`); nil once the app is gone. Weak: Messaging never keeps its
    /// app alive.
    public var app: FlintApp? { appReference }
    private weak let appReference: FlintApp?

    init(
        app: FlintApp, installations: (any InstallationsInterop)?, backend: any MessagingBackend,
        settings: MessagingSettings
    ) {
        appName = app.name
        appReference = app
        options = app.options
        self.installations = installations
        appBackend = backend
        persistence = settings.persistenceDirectory.map { MessagingPersistenceFile(directory: $0) }
        configuredAutoInit = settings.isAutoInitEnabled
        installationIdEnabled = settings.isInstallationIdEnabled
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
        } else if isAutoInitEnabled, !installationIdEnabled {
            refresh(deleting: nil)
        }
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
                    && !state.isDeleted && !installationIdEnabled
                state.explicitAutoInit = newValue
                try? save(&state)  // a failure is in persistenceError
                return start
            }
            if start { refresh(deleting: nil) }
        }
    }

    /// ``isAutoInitEnabled`` given `state` (called with the lock held; reads an atomic flag, runs no user code).
    func autoInit(in state: State) -> Bool {
        state.explicitAutoInit ?? configuredAutoInit ?? dataCollectionDefault()
    }

    /// Whether the app instance registers with FCM under its installation ID (Firebase's
    /// `isInstallationIdEnabled`, the `FirebaseMessagingInstallationIdEnabled` Info.plist key; here
    /// ``MessagingSettings/isInstallationIdEnabled``, off by default). When on, as in Firebase 12: no FCM token is
    /// issued (``fcmToken`` is nil; ``token()``, ``deleteToken()``, ``retrieveFCMToken(forSenderID:)`` and
    /// ``deleteFCMToken(forSenderID:)`` fail with `invalidRequest`); ``register()`` and ``unregister()`` manage the
    /// registration, told to the delegate's `messaging(_:didReceiveRegistration:)` and
    /// `messaging(_:didUnregister:)`; topic operations use the installation ID.
    public var isInstallationIdEnabled: Bool { installationIdEnabled }

    /// The app's embedded backend, or nil when the app's ``MessagingBackend`` is another kind or this
    /// instance uses an emulator.
    public var localBackend: LocalMessagingBackend? {
        (emulatorBackend.withLock { $0 } ?? appBackend) as? LocalMessagingBackend
    }

    /// Where requests go: the emulator's HTTP backend after ``useEmulator(withHost:port:)``, else the app's; every
    /// call in ``operations``, so that deleting the app ends it.
    var backend: any MessagingBackend {
        AppBoundMessagingBackend(base: emulatorBackend.withLock { $0 } ?? appBackend, operations: operations)
    }

    /// Sends the requests made afterwards over HTTP (``HTTPMessagingBackend``) to `http://{host}:{port}`, for
    /// registrations and topics alike, whatever the app's backend. Firebase has no Messaging emulator: point it
    /// at `flint-emulator` (whose send endpoint's messages then arrive in ``foregroundMessages``), a server of
    /// your own, or a test server. Call it before fetching a token.
    ///
    /// - Throws: ``MessagingErrorCode/invalidRequest`` naming the problem when `host` is not a plain host name or
    ///   address (letters, digits, `.`, `-`, `:`, `[`, `]`: no scheme, path, user or query) or `port` is not in
    ///   1…65535; the instance's backend is then left as it was.
    public func useEmulator(withHost host: String, port: Int) throws(MessagingError) {
        let origin: URL
        do {
            origin = try EmulatorOrigin.make(host: host, port: port)
        } catch {
            throw MessagingError(.invalidRequest, message: error.description)
        }
        emulatorBackend.withLock { $0 = HTTPMessagingBackend(origin: origin) }
    }

    /// The origin set by ``useEmulator(withHost:port:)`` (e.g. `http://127.0.0.1:9099`), or nil.
    public var emulatorOrigin: String? {
        emulatorBackend.withLock { $0?.registrationsOrigin.absoluteString }
    }

    // MARK: - Lifecycle

    /// Called when the app is deleted: disconnects from the backend, ends every request in flight (their callers get
    /// `unknown`), stops a fetch in flight, removes every listener and finishes every stream. The token stays
    /// registered at the backend.
    public func appWillBeDeleted(_ app: FlintApp) async {
        operations.close()
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
        installationRegistration.withLock { registration in
            registration.isClosed = true
            defer { registration.receiver = nil }
            return registration.receiver
        }?.remove()
        senderTokens.close()
        tokenListeners.finish()
        messageListeners.finish()
    }

    // MARK: - Internals

    /// The error of every operation after the app was deleted.
    static var appDeletedError: MessagingError {
        MessagingError(.unknown, message: "The app was deleted.")
    }

    /// `error` as a ``MessagingError``: itself, or `timeout`/`network` for URL errors, else `unknown`.
    static func messagingError(_ error: any Error) -> MessagingError {
        if let error = error as? MessagingError { return error }
        if let error = error as? URLError {
            return MessagingError(error.code == .timedOut ? .timeout : .network, message: error.localizedDescription)
        }
        return MessagingError(.unknown, message: String(describing: error))
    }
}
