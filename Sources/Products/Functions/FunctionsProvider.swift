// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport

/// What the container holds for Functions: one provider per app, which makes the instances. Internal: only
/// this module can ask a container for it (Functions is a leaf product).
protocol FunctionsProvider: AnyObject, Sendable {
    /// The instance for `region` and `customDomain`, created on first request.
    func functions(region: String, customDomain: String?) throws(ComponentError) -> Functions
}

/// The provider of one app: a ``KeyedInstanceCache`` of instances keyed by region and custom domain, emptied
/// when the app is deleted.
final class FunctionsInstances: FunctionsProvider, ComponentLifecycleMaintainer {
    /// What tells two instances of one app apart.
    private struct Key: Hashable, Sendable {
        let region: String
        let customDomain: String?
    }

    private let appName: String
    private weak let app: FlintApp?
    private let projectID: String?
    private let contextProvider: FunctionsContextProvider
    private let transport: any FunctionsTransport
    private let instances = KeyedInstanceCache<Key, Functions>()

    init(
        appName: String, projectID: String?, contextProvider: FunctionsContextProvider,
        transport: any FunctionsTransport, app: FlintApp? = nil
    ) {
        self.appName = appName
        self.app = app
        self.projectID = projectID
        self.contextProvider = contextProvider
        self.transport = transport
    }

    /// The cached instance, or a new one.
    /// - Throws: ``ComponentError/invalidOptions(product:reason:)`` when the app's options have no `projectID`.
    func functions(region: String, customDomain: String?) throws(ComponentError) -> Functions {
        let product = ComponentError.typeName(of: Functions.self)
        guard let projectID, !projectID.isEmpty else {
            throw .invalidOptions(
                product: product, reason: "the app's options have no projectID; set FlintOptions.projectID.")
        }
        do {
            return try instances.instance(for: Key(region: region, customDomain: customDomain)) { key in
                Functions(
                    appName: appName, projectID: projectID, region: key.region, customDomain: key.customDomain,
                    contextProvider: contextProvider, transport: transport, app: app)
            }
        } catch {
            // Only the cache's own re-entrancy error can come here: creating an instance does not throw.
            throw .factoryFailed(type: product, reason: String(describing: error))
        }
    }

    /// The number of instances created and cached.
    var instanceCount: Int { instances.count }

    /// Finishes every instance's open streams and releases every instance of the app.
    func appWillBeDeleted(_ app: FlintApp) async {
        for functions in instances.removeAll() { functions.terminateStreams() }
    }
}
