// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// Remote Config for one app: in-app defaults, fetched configs activated when the app chooses, and real-time
/// updates (Firebase's `RemoteConfig`).
///
/// ```swift
/// let remoteConfig = try RemoteConfig.remoteConfig()
/// try remoteConfig.setDefaults(["welcome": "Hello"])
/// _ = try await remoteConfig.fetchAndActivate()
/// label.text = remoteConfig["welcome"].stringValue
/// for try await update in remoteConfig.updates {         // a new template was published
///     print("changed:", update.updatedKeys)
///     _ = try await remoteConfig.activate()
/// }
/// ```
///
/// **Instances.** One per app, created by ``RemoteConfigLibrary``; the entry points are `throws(ComponentError)`.
/// It needs `InstallationsInterop` (register `InstallationsLibrary`, or override it with a fake) and reads
/// Analytics user properties through `AnalyticsInterop` when present.
///
/// **Where fetches go.** To the app's ``RemoteConfigBackend``: by default the embedded ``LocalRemoteConfigBackend``;
/// ``useEmulator(withHost:port:)`` or ``RemoteConfigLibrary/restBackend(fetchOrigin:realtimeOrigin:)`` for the REST API.
public final class RemoteConfig: ComponentLifecycleMaintainer, Sendable {
    /// The first backoff after a server error, in seconds (2 minutes).
    public static let minimumBackoffInterval: TimeInterval = 120
    /// The longest backoff, in seconds (4 hours).
    public static let maximumBackoffInterval: TimeInterval = 14_400
    /// How many times in a row the real-time stream is reopened after failing before listeners get the error.
    public static let maximumRealtimeRetries = 7
    /// How many fetches a real-time update makes while the backend still serves an older template than announced.
    public static let maximumRealtimeFetchAttempts = 3

    /// The name of the app this instance belongs to.
    public let appName: String
    let appID: String
    let options: FlintOptions
    private let appBackend: any RemoteConfigBackend
    private let emulatorBackend = Locked<(any RemoteConfigBackend)?>(nil)
    let installations: any InstallationsInterop
    let analytics: (any AnalyticsInterop)?
    let environment: RemoteConfigEnvironment
    private let file: RemoteConfigFile?
    let state = Locked(State())
    let updateListeners = FinishingBroadcaster<Result<RemoteConfigUpdate, any Error>>()
    let realtime = Locked(RealtimeState())
    /// The fetches at the backend, ended when the app is deleted.
    let operations = InFlightOperations()

    struct State {
        var loaded = false
        /// An error reading the saved config, reported once by the next fetch or activation.
        var loadError: RemoteConfigError?
        var stored = RemoteConfigStoredState()
        var defaults: [String: Data] = [:]
        var settings = RemoteConfigSettings()
        /// The fetch request in flight, shared by the fetches made meanwhile.
        var fetch: (id: Int, task: Task<Void, any Error>)?
        var nextFetchID = 0
        /// How many fetches joined one in flight (tests check sharing with it).
        var joinedFetchCount = 0
    }

    /// The app this RemoteConfig belongs to (Firebase's `app`); nil once the app is gone. Weak: RemoteConfig never keeps its
    /// app alive.
    public var app: FlintApp? { appReference }
    private weak let appReference: FlintApp?
    /// The custom signals set (``setCustomSignals(_:)``), as sent: key to string value.
    let customSignalsState = Locked<[String: String]>([:])

    init(
        appName: String, options: FlintOptions, backend: any RemoteConfigBackend,
        installations: any InstallationsInterop,
        analytics: (any AnalyticsInterop)?, environment: RemoteConfigEnvironment, app: FlintApp? = nil
    ) {
        self.appName = appName
        appReference = app
        self.options = options
        appID = options.googleAppID
        appBackend = backend
        self.installations = installations
        self.analytics = analytics
        self.environment = environment
        file = environment.persistenceFile(forAppNamed: appName).map { RemoteConfigFile(url: $0, appName: appName) }
    }

    // MARK: - Entry points

    /// The instance of the default app.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``remoteConfig(app:)``.
    public static func remoteConfig() throws(ComponentError) -> RemoteConfig {
        try remoteConfig(app: ProductEntryPoint.defaultApp())
    }

    /// The instance of `app`; the same object every time.
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when ``RemoteConfigLibrary`` was not
    ///   registered before `app` was configured, `ComponentError.appDeleted(name:)` for a deleted app, the
    ///   container's `missingDependency` without Installations.
    public static func remoteConfig(app: FlintApp) throws(ComponentError) -> RemoteConfig {
        try ProductEntryPoint.require(
            RemoteConfig.self, in: app, product: RemoteConfig.self, library: RemoteConfigLibrary.self)
    }

    // MARK: - State

    /// Runs `body` on the state, loading the saved config first if needed (own file I/O only, under the lock).
    func withState<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        try state.withLock { state throws(E) in
            if !state.loaded {
                state.loaded = true
                do throws(RemoteConfigError) {
                    if let stored = try file?.load() { state.stored = stored }
                } catch {
                    state.loadError = error
                }
            }
            return try body(&state)
        }
    }

    /// Saves `stored` (when persisting) and makes it the state; nothing changes if saving fails.
    func commit(_ stored: RemoteConfigStoredState, in state: inout State) throws(RemoteConfigError) {
        try file?.save(stored)
        state.stored = stored
    }

    /// The backend fetches go to: the emulator's after ``useEmulator(withHost:port:)``, else the app's.
    var backend: any RemoteConfigBackend {
        emulatorBackend.withLock { $0 } ?? appBackend
    }

    /// Sets the backend used from now on (``useEmulator(withHost:port:)``).
    func setEmulatorBackend(_ backend: any RemoteConfigBackend) {
        emulatorBackend.withLock { $0 = backend }
    }

    // MARK: - Settings

    /// The fetch settings: ``RemoteConfigSettings/minimumFetchInterval`` (12 h) and
    /// ``RemoteConfigSettings/fetchTimeout`` (60 s) unless set. As in Firebase, a negative (or NaN) minimum fetch
    /// interval is kept as 0 and a fetch timeout that is not positive as 60 seconds.
    public var configSettings: RemoteConfigSettings {
        get { state.withLock { $0.settings } }
        set {
            var settings = newValue
            if !(settings.minimumFetchInterval >= 0) { settings.minimumFetchInterval = 0 }
            if !(settings.fetchTimeout > 0) { settings.fetchTimeout = RemoteConfigSettings().fetchTimeout }
            state.withLock { $0.settings = settings }
        }
    }

    /// The outcome of the latest fetch.
    public var lastFetchStatus: RemoteConfigFetchStatus {
        withState { RemoteConfigFetchStatus(rawValue: $0.stored.lastFetchStatus) ?? .noFetchYet }
    }

    /// When the latest successful fetch ended (Firebase's "last successful fetch completion time"), nil before the
    /// first; failed fetches leave it unchanged.
    public var lastFetchTime: Date? {
        withState { $0.stored.lastSuccessfulFetchTime }
    }

    // MARK: - Defaults

    /// Replaces the in-app defaults: strings, numbers, booleans, dates, data, and arrays or dictionaries (kept as
    /// JSON); nil clears them.
    ///
    /// - Throws: ``RemoteConfigCodableError/invalidSetDefaultsInput(_:)`` naming the key whose value cannot be
    ///   used (then the defaults are unchanged): one of another type, or whose arrays and dictionaries nest
    ///   deeper than 32 levels (a dictionary that contains itself does).
    public func setDefaults(_ defaults: [String: Any]?) throws(RemoteConfigCodableError) {
        let entries = try RemoteConfigDefaults.entries(from: defaults ?? [:])
        state.withLock { $0.defaults = entries }
    }

    /// Replaces the in-app defaults with the dictionary of the plist file at `url`.
    ///
    /// - Throws: ``RemoteConfigCodableError/invalidSetDefaultsInput(_:)`` when the file cannot be read, is not a
    ///   plist dictionary or holds a value that cannot be used.
    public func setDefaults(fromPlist url: URL) throws(RemoteConfigCodableError) {
        let entries = try RemoteConfigDefaults.entries(fromPlistAt: url)
        state.withLock { $0.defaults = entries }
    }

    /// Replaces the in-app defaults with the properties of `value` (encoded as JSON: each property a key).
    ///
    /// - Throws: ``RemoteConfigCodableError/invalidSetDefaultsInput(_:)`` when `value` does not encode to a
    ///   keyed container.
    public func setDefaults(from value: some Encodable) throws(RemoteConfigCodableError) {
        let entries = try RemoteConfigDefaults.entries(from: value)
        state.withLock { $0.defaults = entries }
    }

    /// The default value of `key`, or nil.
    public func defaultValue(forKey key: String) -> RemoteConfigValue? {
        state.withLock { $0.defaults[key].map { RemoteConfigValue(data: $0, source: .default) } }
    }

    // MARK: - Values

    /// The value of `key`: the active config's (source ``RemoteConfigSource/remote``), else the default's
    /// (``RemoteConfigSource/default``), else the empty static value (``RemoteConfigSource/static``).
    public func configValue(forKey key: String) -> RemoteConfigValue {
        withState { state in
            if let value = state.stored.active[key] {
                return RemoteConfigValue(data: Data(value.utf8), source: .remote)
            }
            if let data = state.defaults[key] { return RemoteConfigValue(data: data, source: .default) }
            return .empty
        }
    }

    /// The value of `key` in one source only (the empty static value when that source has none).
    public func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        withState { state in
            switch source {
            case .remote:
                state.stored.active[key].map { RemoteConfigValue(data: Data($0.utf8), source: .remote) } ?? .empty
            case .default: state.defaults[key].map { RemoteConfigValue(data: $0, source: .default) } ?? .empty
            case .static: .empty
            }
        }
    }

    /// ``configValue(forKey:)``.
    public subscript(key: String) -> RemoteConfigValue {
        configValue(forKey: key)
    }

    /// The keys of `source`, sorted: the active config's for ``RemoteConfigSource/remote``, the defaults' for
    /// ``RemoteConfigSource/default``, none for ``RemoteConfigSource/static``.
    public func allKeys(from source: RemoteConfigSource) -> [String] {
        withState { state in
            switch source {
            case .remote: state.stored.active.keys.sorted()
            case .default: state.defaults.keys.sorted()
            case .static: []
            }
        }
    }

    /// The active config's keys starting with `prefix` (all of them for nil or "").
    public func keys(withPrefix prefix: String?) -> Set<String> {
        withState { state in
            Set(state.stored.active.keys.filter { prefix.map($0.hasPrefix) ?? true })
        }
    }

    /// Loads the saved configs (Firebase's `ensureInitialized`): afterwards values come from the saved active
    /// config. Reading a value loads them too; this reports a problem with the saved file.
    ///
    /// - Throws: ``RemoteConfigErrorCode/internalError`` naming the file when it is unreadable or corrupt (reported
    ///   once: fetching then replaces it).
    public func ensureInitialized() async throws(RemoteConfigError) {
        try withState { state throws(RemoteConfigError) in
            if let error = state.loadError {
                state.loadError = nil
                throw error
            }
        }
    }

    // MARK: - Lifecycle

    /// Finishes every ``updates`` stream, drops the update listeners, closes the real-time connection and ends the
    /// fetch in flight (its callers get ``RemoteConfigErrorCode/internalError``; later fetches fail the same way).
    public func appWillBeDeleted(_ app: FlintApp) async {
        operations.close()
        updateListeners.finish()
        stopRealtime()
    }
}
