// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport

/// What the container holds for Firestore: one provider per app, which makes the instances. Internal: only
/// this module can ask a container for it.
protocol FirestoreProvider: AnyObject, Sendable {
    /// The instance for `database`, created on first request.
    func firestore(database: String) throws(ComponentError) -> Firestore
}

/// The provider of one app: a ``KeyedInstanceCache`` of instances keyed by database ID, emptied (and each
/// instance terminated) when the app is deleted.
final class FirestoreInstances: FirestoreProvider, ComponentLifecycleMaintainer {
    private let appName: String
    private weak let app: FlintApp?
    private let projectID: String?
    private let backend: any FirestoreBackend
    private let auth: (any AuthInterop)?
    private let appCheck: (any AppCheckInterop)?
    private let instances = KeyedInstanceCache<String, Firestore>()

    init(
        appName: String, projectID: String?, backend: any FirestoreBackend, auth: (any AuthInterop)?,
        appCheck: (any AppCheckInterop)?, app: FlintApp? = nil
    ) {
        self.appName = appName
        self.app = app
        self.projectID = projectID
        self.backend = backend
        self.auth = auth
        self.appCheck = appCheck
    }

    /// The cached instance, or a new one.
    /// - Throws: ``ComponentError/invalidOptions(product:reason:)`` without a `projectID`;
    ///   ``ComponentError/invalidArgument(product:reason:)`` for a malformed database ID.
    func firestore(database: String) throws(ComponentError) -> Firestore {
        let product = ComponentError.typeName(of: Firestore.self)
        guard let projectID, !projectID.isEmpty else {
            throw .invalidOptions(
                product: product, reason: "the app's options have no projectID; set FlintOptions.projectID.")
        }
        if let error = DatabaseID.validate(database) { throw .invalidArgument(product: product, reason: error.message) }
        do {
            return try instances.instance(for: database) { [instances, app] database in
                Firestore(
                    appName: appName, databaseID: DatabaseID(projectID: projectID, database: database),
                    backend: backend, auth: auth, appCheck: appCheck, app: app
                ) { [weak instances] terminated in
                    // `terminate()` was called: the next request for this database gets a new instance. Weak: the
                    // cache holds the instance, which holds this closure.
                    instances?.remove(terminated, for: database)
                }
            }
        } catch {
            // Only the cache's own re-entrancy error can come here: creating an instance does not throw.
            throw .factoryFailed(type: product, reason: String(describing: error))
        }
    }

    /// The number of instances created and cached.
    var instanceCount: Int { instances.count }

    /// Terminates and releases every instance of the app.
    func appWillBeDeleted(_ app: FlintApp) async {
        for firestore in instances.removeAll() {
            firestore.terminate(reason: .appDeleted)
        }
    }
}
