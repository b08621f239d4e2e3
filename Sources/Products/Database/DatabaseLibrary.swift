// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// Registers the Realtime Database with an app registry: `FlintApp.registerLibrary(DatabaseLibrary.self)`
/// (or `registry.register(DatabaseLibrary.self)`) before configuring.
///
/// Components, per app:
/// - an internal provider (cacheable, lazy) that keeps the ``Database`` instances per URL and shuts them
///   down when the app is deleted, with optional dependencies on `AuthInterop` (the caller's uid for
///   security rules) and `AppCheckInterop`, and a required one on ``DatabaseBackend``;
/// - ``DatabaseBackend`` (cacheable, lazy): a new in-memory ``LocalDatabaseBackend``. Override it to share
///   one backend between apps or to add security rules.
public enum DatabaseLibrary: FlintLibrary {
    /// `flint-rtdb`, Flint's counterpart of Firebase's `fire-rtdb`.
    public static let libraryName = "flint-rtdb"
    /// The library version, part of the user agent.
    public static let libraryVersion = "0.2.0"

    /// The provider and the default backend.
    public static func componentsToRegister() -> [Component] {
        [
            Component(
                DatabaseProvider.self,
                dependencies: [
                    .required(DatabaseBackend.self),
                    .optional(AuthInterop.self),
                    .optional(AppCheckInterop.self),
                ]
            ) { container, isCacheable in
                isCacheable = true
                return DatabaseInstances(
                    appName: container.appName,
                    options: container.app?.options,
                    backend: try container.require(DatabaseBackend.self),
                    auth: container.instance(for: AuthInterop.self),
                    appCheck: container.instance(for: AppCheckInterop.self), app: container.app)
            },
            Component(DatabaseBackend.self) { _, isCacheable in
                isCacheable = true
                return LocalDatabaseBackend()
            },
        ]
    }
}
