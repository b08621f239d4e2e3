// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// Registers Storage with an app registry: `FlintApp.registerLibrary(StorageLibrary.self)` (or
/// `registry.register(StorageLibrary.self)`) before configuring.
///
/// Components, per app:
/// - an internal provider (cacheable, lazy) that keeps the ``Storage`` instances per bucket, with optional
///   dependencies on `AuthInterop` and `AppCheckInterop` and a required one on ``StorageBackend``;
/// - ``StorageBackend`` (cacheable, lazy): a new ``LocalStorageBackend``. Override it to share one backend
///   between apps or to give it rules.
public enum StorageLibrary: FlintLibrary {
    /// `flint-str`, Flint's counterpart of Firebase's `fire-str`.
    public static let libraryName = "flint-str"
    /// The library version, part of the user agent.
    public static let libraryVersion = "0.1.0"

    /// The provider and the default backend.
    public static func componentsToRegister() -> [Component] {
        [
            Component(
                StorageProvider.self,
                dependencies: [
                    .required(StorageBackend.self),
                    .optional(AuthInterop.self),
                    .optional(AppCheckInterop.self),
                ]
            ) { container, isCacheable in
                isCacheable = true
                let contextProvider = StorageContextProvider(
                    auth: container.instance(for: AuthInterop.self),
                    appCheck: container.instance(for: AppCheckInterop.self))
                return StorageInstances(
                    appName: container.appName,
                    backend: try container.require(StorageBackend.self),
                    contextProvider: contextProvider, app: container.app)
            },
            Component(StorageBackend.self) { _, isCacheable in
                isCacheable = true
                return LocalStorageBackend()
            },
        ]
    }
}
