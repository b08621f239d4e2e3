// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// Registers Firestore with an app registry: `FlintApp.registerLibrary(FirestoreLibrary.self)` (or
/// `registry.register(FirestoreLibrary.self)`) before configuring.
///
/// Components, per app:
/// - an internal provider (cacheable, lazy) that keeps the ``Firestore`` instances per database ID and
///   terminates them when the app is deleted, with optional dependencies on `AuthInterop` (the caller's
///   uid for security rules) and `AppCheckInterop`, and a required one on ``FirestoreBackend``;
/// - ``FirestoreBackend`` (cacheable, lazy): a new in-memory ``LocalFirestoreBackend``. Override it to share
///   one backend between apps, to persist data (`LocalFirestoreBackend(persistenceDirectory:)`) or to add
///   security rules.
public enum FirestoreLibrary: FlintLibrary {
    /// `flint-fst`, Flint's counterpart of Firebase's `fire-fst`.
    public static let libraryName = "flint-fst"
    /// The library version, part of the user agent.
    public static let libraryVersion = "1.0.0"

    /// The provider and the default backend.
    public static func componentsToRegister() -> [Component] {
        [
            Component(
                FirestoreProvider.self,
                dependencies: [
                    .required(FirestoreBackend.self),
                    .optional(AuthInterop.self),
                    .optional(AppCheckInterop.self),
                ]
            ) { container, isCacheable in
                isCacheable = true
                return FirestoreInstances(
                    appName: container.appName,
                    projectID: container.app?.options.projectID,
                    backend: try container.require(FirestoreBackend.self),
                    auth: container.instance(for: AuthInterop.self),
                    appCheck: container.instance(for: AppCheckInterop.self), app: container.app)
            },
            Component(FirestoreBackend.self) { _, isCacheable in
                isCacheable = true
                return LocalFirestoreBackend()
            },
        ]
    }
}
