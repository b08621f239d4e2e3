// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport

/// What the container holds for Storage: one provider per app, which makes the instances per bucket.
protocol StorageProvider: AnyObject, Sendable {
    /// The instance for `bucket`, created on first request.
    func storage(bucket: String) throws(ComponentError) -> Storage
}

/// The provider of one app: a ``KeyedInstanceCache`` of instances keyed by bucket, emptied (and their tasks
/// cancelled) when the app is deleted.
final class StorageInstances: StorageProvider, ComponentLifecycleMaintainer {
    private let appName: String
    private weak let app: FlintApp?
    private let backend: any StorageBackend
    private let contextProvider: StorageContextProvider
    private let instances = KeyedInstanceCache<String, Storage>()

    init(
        appName: String, backend: any StorageBackend, contextProvider: StorageContextProvider, app: FlintApp? = nil
    ) {
        self.appName = appName
        self.app = app
        self.backend = backend
        self.contextProvider = contextProvider
    }

    /// The cached instance, or a new one.
    func storage(bucket: String) throws(ComponentError) -> Storage {
        do {
            return try instances.instance(for: bucket) { bucket in
                Storage(
                    appName: appName, bucket: bucket, backend: backend, contextProvider: contextProvider, app: app)
            }
        } catch {
            // Only the cache's own re-entrancy error can come here: creating an instance does not throw.
            throw .factoryFailed(type: ComponentError.typeName(of: Storage.self), reason: String(describing: error))
        }
    }

    /// The number of instances created and cached.
    var instanceCount: Int { instances.count }

    /// Cancels every instance's running tasks and releases every instance of the app.
    func appWillBeDeleted(_ app: FlintApp) async {
        for storage in instances.removeAll() { storage.terminate() }
    }
}
