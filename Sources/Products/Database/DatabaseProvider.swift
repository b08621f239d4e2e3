// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// What the container holds for the Realtime Database: one provider per app, which makes the instances.
/// Internal: only this module can ask a container for it.
protocol DatabaseProvider: AnyObject, Sendable {
    /// The instance for `url` (nil: the app's default database), created on first request.
    func database(url: String?) throws(ComponentError) -> Database

    /// Every instance created so far.
    var databases: [Database] { get }
}

/// The provider of one app: a ``KeyedInstanceCache`` of instances keyed by database URL, emptied (each
/// instance shut down) when the app is deleted.
final class DatabaseInstances: DatabaseProvider, ComponentLifecycleMaintainer {
    private let appName: String
    private weak let app: FlintApp?
    private let options: FlintOptions?
    private let backend: any DatabaseBackend
    private let auth: (any AuthInterop)?
    private let appCheck: (any AppCheckInterop)?
    private let instances = KeyedInstanceCache<String, Database>()

    init(
        appName: String, options: FlintOptions?, backend: any DatabaseBackend, auth: (any AuthInterop)?,
        appCheck: (any AppCheckInterop)?, app: FlintApp? = nil
    ) {
        self.appName = appName
        self.app = app
        self.options = options
        self.backend = backend
        self.auth = auth
        self.appCheck = appCheck
    }

    /// Every instance created so far.
    var databases: [Database] { instances.instances }

    /// The cached instance, or a new one.
    /// - Throws: `ComponentError.invalidOptions(product:reason:)` without a URL, a `databaseURL` or a
    ///   `projectID`; `ComponentError.invalidArgument(product:reason:)` for a malformed URL.
    func database(url: String?) throws(ComponentError) -> Database {
        let product = ComponentError.typeName(of: Database.self)
        let raw: String
        if let url {
            raw = url
        } else if let configured = options?.databaseURL, !configured.isEmpty {
            raw = configured
        } else if let projectID = options?.projectID, !projectID.isEmpty {
            raw = "https://\(projectID)-default-rtdb.firebaseio.com"
        } else {
            throw .invalidOptions(
                product: product,
                reason: "the app's options have neither a databaseURL nor a "
                    + "projectID; set FlintOptions.databaseURL.")
        }
        let key: String
        do {
            key = try Self.normalize(raw)
        } catch {
            throw .invalidArgument(product: product, reason: error.message)
        }
        do {
            return try instances.instance(for: key) { [appName, backend, auth, appCheck, app] key in
                Database(appName: appName, url: key, backend: backend, auth: auth, appCheck: appCheck, app: app)
            }
        } catch {
            // Only the cache's own re-entrancy error can come here: creating an instance does not throw.
            throw .factoryFailed(type: product, reason: String(describing: error))
        }
    }

    /// `https://host[:port]` for a database URL, which may not have a path (`http://host` without a port
    /// becomes `https://host`, as in the SDK).
    static func normalize(_ url: String) throws(DatabaseError) -> String {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme,
            ["http", "https"].contains(scheme.lowercased()), let host = parsed.host, !host.isEmpty
        else {
            throw .invalid("Invalid database URL (\(url)): it must be http(s)://host.")
        }
        guard parsed.path.isEmpty || parsed.path == "/" else {
            throw .invalid("Invalid database URL (\(url)): it may not have a path (\(parsed.path)).")
        }
        return Database.origin(scheme: scheme, host: host, port: parsed.port)
    }

    /// The number of instances created and cached.
    var instanceCount: Int { instances.count }

    /// Shuts down and releases every instance of the app.
    func appWillBeDeleted(_ app: FlintApp) async {
        for database in instances.removeAll() {
            database.terminate()
        }
    }
}
