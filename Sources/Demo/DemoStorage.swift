// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport

// A multi-instance product: several Storage instances per app (one per bucket). The container holds ONE
// cacheable provider per app; the provider owns a KeyedInstanceCache of instances and empties it when the
// app is deleted. Nothing lives in a static dictionary.

/// One Storage instance: an app and a bucket.
final class DemoStorage: Sendable, CustomStringConvertible {
    /// The app the instance belongs to.
    let appName: String
    /// The bucket it talks to.
    let bucket: String
    private let serial = Serial.next("DemoStorage")

    init(appName: String, bucket: String) {
        self.appName = appName
        self.bucket = bucket
    }

    var description: String { "DemoStorage #\(serial) (gs://\(bucket))" }

    /// The public entry point, like Firebase's `Storage.storage(app:url:)`; the default bucket comes from
    /// the app's options.
    static func storage(app: FlintApp, bucket: String? = nil) throws -> DemoStorage {
        let provider = try app.container.require(StorageMultiBucketProvider.self)
        return try provider.storage(bucket: bucket ?? app.options.storageBucket ?? "\(app.name).appspot.com")
    }
}

/// What the container holds for Storage, one per app; internal to this module.
protocol StorageMultiBucketProvider: AnyObject, Sendable {
    /// The instance for `bucket`, created on first use.
    func storage(bucket: String) throws -> DemoStorage
}

/// The provider: creates and caches one DemoStorage per bucket for its app.
private final class StorageComponent: StorageMultiBucketProvider, ComponentLifecycleMaintainer {
    private let appName: String
    private let instances = KeyedInstanceCache<String, DemoStorage>()

    init(appName: String) {
        self.appName = appName
    }

    func storage(bucket: String) throws -> DemoStorage {
        try instances.instance(for: bucket) { DemoStorage(appName: appName, bucket: $0) }
    }

    func appWillBeDeleted(_ app: FlintApp) async {
        let released = instances.removeAll().map(\.bucket).sorted()
        componentSays(
            "StorageComponent",
            "appWillBeDeleted(\(app.displayName)): released \(released.count) instance(s) \(released)")
    }
}

/// Registers Storage: the provider, plus a health check for Diagnostics.
enum StorageLibrary: FlintLibrary {
    static let libraryName = "flint-demo-storage"
    static let libraryVersion = "1.0.0"

    static func componentsToRegister() -> [Component] {
        [
            Component(StorageMultiBucketProvider.self) { container, isCacheable in
                isCacheable = true
                return StorageComponent(appName: container.appName)
            },
            .contribution(to: HealthCheck.self) { _, isCacheable in
                isCacheable = true
                return HealthCheck(name: "storage") { "bucket reachable" }
            },
        ]
    }
}
