// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Holds apps, registered libraries and the monitor. `FlintApp`'s static API uses ``shared``; tests build
/// their own registries so that parallel tests never share apps.
public final class AppRegistry: Sendable {
    /// The process-wide registry used by `FlintApp`'s static API.
    public static let shared = AppRegistry()

    private struct LibraryRecord {
        let name: String
        let version: String
        let components: @Sendable () -> [Component]
    }

    private struct State {
        var libraries: [LibraryRecord] = []
        var libraryNames: Set<String> = []
        var extraUserAgents: [String: String] = [:]
        var apps: [String: FlintApp] = [:]
        var monitor: (any ComponentMonitor)?
        /// Bumped by every registration, so a configure that read the libraries before one can build again.
        var libraryGeneration = 0
    }

    private let state = Locked(State())
    private let eventBroadcaster = ListenerBroadcaster<AppEvent>()

    /// Creates an empty registry.
    public init() {}

    // MARK: Libraries

    /// Registers a library: its components join every app configured from now on and every live app now
    /// (Android's late discovery). Idempotent per library name. The library's `componentsToRegister()` is read
    /// once, here; each app then runs the factories for itself.
    ///
    /// For apps that already exist the library's components are validated against each app's whole graph
    /// before any app changes; then they join every app at once, eager ones are created, and the `Deferred`
    /// dependents waiting for their types are told (``Deferred/whenAvailable(_:)``). Components for types an
    /// app's overrides provide are left out of that app, as at configure.
    ///
    /// - Throws: ``ComponentError/invalidLibraryName(_:)`` when the name is outside `[A-Za-z0-9._-]+`;
    ///   ``ComponentError/duplicateComponent(type:libraries:)``,
    ///   ``ComponentError/missingDependency(component:dependency:)`` or ``ComponentError/dependencyCycle(_:)``
    ///   when the library does not fit a live app. The registry and every app are then unchanged (later
    ///   `configure` calls and ``userAgent`` are not affected).
    public func register(_ library: any FlintLibrary.Type) throws(ComponentError) {
        try Self.validate(libraryName: library.libraryName)
        let components = library.componentsToRegister()
        try register(libraryName: library.libraryName, version: library.libraryVersion, components: { components })
    }

    /// Registers a library given by value rather than by a ``FlintLibrary`` type: the same rules as
    /// ``register(_:)``. `components` is called once per configured app (and once for the apps that exist now).
    ///
    /// - Throws: the errors of ``register(_:)``, leaving the registry and its apps unchanged.
    public func register(
        libraryName: String, version: String,
        components: @escaping @Sendable () -> [Component]
    ) throws(ComponentError) {
        try Self.validate(libraryName: libraryName)
        let record = LibraryRecord(name: libraryName, version: version, components: components)
        while true {
            let (isRegistered, hasApps) = state.withLock { ($0.libraryNames.contains(libraryName), !$0.apps.isEmpty) }
            guard !isRegistered else { return }
            // Read outside the lock: user code.
            let group = ComponentGroup(
                libraryName: libraryName, components: hasApps ? components() : [],
                isOverride: false)
            let outcome = try state.withLock { state throws(ComponentError) -> [LateDiscovery.Plan]? in
                guard !state.libraryNames.contains(record.name) else { return [] }
                // An app appeared after the components were left unread: read them and try again.
                guard hasApps || state.apps.isEmpty else { return nil }
                var plans: [LateDiscovery.Plan] = []
                for app in state.apps.values.sorted(by: { $0.name < $1.name }) where !app.isDeleted {
                    if let plan = try LateDiscovery.plan(adding: group, to: app.container.storage) {
                        plans.append(plan)
                    }
                }
                state.libraryNames.insert(record.name)
                state.libraries.append(record)
                state.libraryGeneration += 1
                return plans.filter(LateDiscovery.publish)
            }
            guard let plans = outcome else { continue }
            for plan in plans { LateDiscovery.start(plan) }
            return
        }
    }

    /// Adds a `name/version` entry to the user agent without registering components (for SDKs layered on
    /// Flint).
    ///
    /// - Throws: ``ComponentError/invalidLibraryName(_:)`` when `name` is outside `[A-Za-z0-9._-]+`, leaving
    ///   the registry unchanged.
    public func registerUserAgent(name: String, version: String) throws(ComponentError) {
        try Self.validate(libraryName: name)
        state.withLock { $0.extraUserAgents[name] = version }
    }

    /// The registered libraries' `name/version`, sorted, joined by one space.
    public var userAgent: String {
        state.withLock { state in
            var entries = state.libraries.map { "\($0.name)/\($0.version)" }
            entries += state.extraUserAgents.map { "\($0.key)/\($0.value)" }
            return entries.sorted().joined(separator: " ")
        }
    }

    /// Observes component creations and failures in apps configured from now on.
    public var monitor: (any ComponentMonitor)? {
        get { state.withLock { $0.monitor } }
        set { state.withLock { $0.monitor = newValue } }
    }

    // MARK: Apps

    /// Configures an app: validates the name and options, builds its container from the registered
    /// libraries plus `overrides` (which replace library components of the same type), validates the
    /// graph, publishes the app, then creates its eager components. On any failure nothing is published.
    ///
    /// - Throws: ``FlintError`` for the name and options; ``ComponentError`` for the graph.
    @discardableResult
    public func configure(
        name: String = FlintApp.defaultName, options: FlintOptions,
        overrides: [Component] = []
    ) throws -> FlintApp {
        try Self.validate(appName: name)
        try options.validate()
        while true {
            if let app = try configureOnce(name: name, options: options, overrides: overrides) { return app }
        }
    }

    /// One attempt of ``configure(name:options:overrides:)``: nil when a library was registered while the
    /// container was being built (the app would have missed it), so the caller builds again.
    private func configureOnce(name: String, options: FlintOptions, overrides: [Component]) throws -> FlintApp? {
        let (libraries, monitor, generation) = try state.withLock { state throws(FlintError) in
            guard state.apps[name] == nil else { throw FlintError.appAlreadyConfigured(name: name) }
            return (state.libraries, state.monitor, state.libraryGeneration)
        }
        var builder = ContainerBuilder()
        for library in libraries {
            builder.groups.append(
                ComponentGroup(
                    libraryName: library.name, components: library.components(),
                    isOverride: false))
        }
        builder.groups.append(
            ComponentGroup(
                libraryName: ContainerBuilder.overridesLibraryName, components: overrides,
                isOverride: true))
        let isDefault = name == FlintApp.defaultName
        let storage = try builder.build(appName: name, isDefaultApp: isDefault, monitor: monitor)
        let app = FlintApp(name: name, options: options, storage: storage, registry: self)
        let published = try state.withLock { state throws(FlintError) in
            guard state.apps[name] == nil else { throw FlintError.appAlreadyConfigured(name: name) }
            guard state.libraryGeneration == generation else { return false }
            state.apps[name] = app
            return true
        }
        guard published else { return nil }
        storage.instantiateEagerComponents()
        eventBroadcaster.send(.configured(app))
        let deletedMeanwhile = app.announcements.withLock { state in
            state.configured = true
            return state.deletionPending
        }
        if deletedMeanwhile { eventBroadcaster.send(.deleted(name: name)) }
        return app
    }

    /// Configures the default app with the options of the file at `path` (`FlintApp.configure()`'s work,
    /// with the path as a seam for tests).
    ///
    /// - Throws: ``FlintError/missingDefaultOptions`` when nothing is at `path`, the file's load error
    ///   (``FlintError/invalidOptions(reason:)``) when it does not load, then the errors of
    ///   ``configure(name:options:overrides:)``.
    func configure(defaultOptionsFileAt path: String) throws -> FlintApp {
        try configure(options: FlintOptions.loadDefaultOptions(at: path))
    }

    /// The app with this name, or nil.
    public func app(name: String = FlintApp.defaultName) -> FlintApp? {
        state.withLock { $0.apps[name] }
    }

    /// Every configured app by name.
    public var allApps: [String: FlintApp] {
        state.withLock { $0.apps }
    }

    // MARK: Events

    /// App lifecycle events from now on, one listener per stream, removed when the iteration ends.
    public var events: AsyncStream<AppEvent> {
        AsyncStream.listening { yield in eventBroadcaster.addListener(yield) }
    }

    /// Calls `listener` for every app lifecycle event from now on, on the thread that configured or deleted
    /// the app, until the registration is removed.
    @discardableResult
    public func addEventListener(_ listener: @escaping @Sendable (AppEvent) -> Void) -> any ListenerRegistration {
        eventBroadcaster.addListener(listener)
    }

    // MARK: Internal

    /// Removes `app` if it is the app published under its name, then announces the deletion (or leaves that to
    /// `configure` when it has not announced the app yet).
    func unpublish(_ app: FlintApp) {
        state.withLock { state in
            if state.apps[app.name] === app { state.apps[app.name] = nil }
        }
        // Configure announces `.configured` after the eager components; a deletion during them announces
        // itself right after that.
        let announceNow = app.announcements.withLock { state in
            if !state.configured { state.deletionPending = true }
            return state.configured
        }
        if announceNow { eventBroadcaster.send(.deleted(name: app.name)) }
    }

    static func validate(appName name: String) throws(FlintError) {
        if name == FlintApp.defaultName { return }
        guard !name.isEmpty,
            name.utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { throw .invalidAppName(name) }
    }

    static func validate(libraryName name: String) throws(ComponentError) {
        guard !name.isEmpty,
            name.utf8.allSatisfy({
                isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
            })
        else { throw .invalidLibraryName(name) }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
