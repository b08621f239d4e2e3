// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// A configured app: a name, options and a ``ComponentContainer`` holding the app's component instances.
///
/// The static API works on ``AppRegistry/shared``. An app keeps its registry alive; the registry keeps
/// its published apps alive until they are deleted.
public final class FlintApp: Sendable {
    /// The default app's name (Firebase's).
    public static let defaultName = "__FIRAPP_DEFAULT"

    /// The app's name.
    public let name: String
    /// The options the app was configured with.
    public let options: FlintOptions
    /// The app's components.
    public let container: ComponentContainer
    /// The registry the app is published in.
    public let registry: AppRegistry
    private let dataCollectionEnabled = Atomic<Bool>(true)
    private let deleted = Atomic<Bool>(false)
    /// Whether `.configured` was announced, and whether `.deleted` waits for it (see ``AppRegistry/events``).
    let announcements = Locked(Announcements())

    init(name: String, options: FlintOptions, storage: ContainerStorage, registry: AppRegistry) {
        self.name = name
        self.options = options
        self.registry = registry
        container = ComponentContainer(storage: storage, requester: nil)
        storage.app = self
    }

    /// Whether this is the default app.
    public var isDefaultApp: Bool { name == Self.defaultName }

    /// Whether products may collect data by default (true unless turned off).
    public var isDataCollectionDefaultEnabled: Bool {
        get { dataCollectionEnabled.load(ordering: .relaxed) }
        set { dataCollectionEnabled.store(newValue, ordering: .relaxed) }
    }

    /// Whether ``delete()`` was called.
    public var isDeleted: Bool { deleted.load(ordering: .acquiring) }

    /// Deletes the app: new lookups fail with ``ComponentError/appDeleted(name:)`` and no factory starts any
    /// more; every cached instance that is a ``ComponentLifecycleMaintainer`` is awaited (latest created first),
    /// then every instance whose creation was still running (it is not returned to its caller, who gets
    /// `appDeleted`), each maintainer exactly once; the name is freed (configuring it again gives fresh
    /// instances) and ``AppEvent/deleted(name:)`` is sent, always after the app's ``AppEvent/configured(_:)``.
    ///
    /// The container keeps its unpublished instances until the deleted app object (and every reference to its
    /// container) is released: a lookup that started before the deletion may still be copying one out, and
    /// cached lookups take no lock. Components should therefore hold their app weakly (`container.app` is weak).
    ///
    /// - Returns: false when the app was already deleted (discardable: `await app.delete()` is enough).
    @discardableResult
    public func delete() async -> Bool {
        guard deleted.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return false }
        let storage = container.storage
        var notified = Set<ObjectIdentifier>()
        for box in storage.shutDown() {
            await notify(box, once: &notified)
        }
        for box in await storage.lateInstances() {
            await notify(box, once: &notified)
        }
        registry.unpublish(self)
        return true
    }

    /// Awaits `appWillBeDeleted` of the instance `box` if it is a maintainer not yet in `notified`.
    private func notify(_ box: StoredInstance, once notified: inout Set<ObjectIdentifier>) async {
        guard let maintainer = box.lifecycleMaintainer, notified.insert(ObjectIdentifier(maintainer)).inserted
        else { return }
        await maintainer.appWillBeDeleted(self)
    }

    // MARK: Static API on AppRegistry.shared

    /// Registers a library with the shared registry (see ``AppRegistry/register(_:)``).
    ///
    /// - Throws: ``ComponentError/invalidLibraryName(_:)`` for a name outside `[A-Za-z0-9._-]+`; nothing is
    ///   registered then.
    public static func registerLibrary(_ library: any FlintLibrary.Type) throws(ComponentError) {
        try AppRegistry.shared.register(library)
    }

    /// Configures the default app from the default options file (the file ``FlintOptions/defaultOptions()``
    /// reads).
    ///
    /// - Throws: ``FlintError/missingDefaultOptions`` when there is no such file,
    ///   ``FlintError/invalidOptions(reason:)`` naming the file when it exists but does not load, and the
    ///   errors of ``AppRegistry/configure(name:options:overrides:)``.
    @discardableResult
    public static func configure() throws -> FlintApp {
        try AppRegistry.shared.configure(defaultOptionsFileAt: FlintOptions.defaultOptionsPath())
    }

    /// Configures the default app.
    @discardableResult
    public static func configure(options: FlintOptions) throws -> FlintApp {
        try AppRegistry.shared.configure(options: options)
    }

    /// Configures a named app.
    @discardableResult
    public static func configure(name: String, options: FlintOptions) throws -> FlintApp {
        try AppRegistry.shared.configure(name: name, options: options)
    }

    /// The default app of the shared registry.
    public static func app() -> FlintApp? { AppRegistry.shared.app() }

    /// A named app of the shared registry.
    public static func app(name: String) -> FlintApp? { AppRegistry.shared.app(name: name) }

    /// Every app of the shared registry.
    public static var allApps: [String: FlintApp] { AppRegistry.shared.allApps }
}

/// An app's lifecycle announcements, so that `.deleted` never overtakes `.configured`.
struct Announcements {
    var configured = false
    var deletionPending = false
}
