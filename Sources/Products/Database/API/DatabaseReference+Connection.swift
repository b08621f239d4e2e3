// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The SDK's class-level connection switches (`DatabaseReference.goOffline()` / `goOnline()`), which act on every
/// Realtime Database instance of the process. In Flint "every instance" means every instance of every app of a
/// registry: `AppRegistry.shared` for the SDK's forms, or the registry you pass (tests use private ones).
extension DatabaseReference {
    /// Disconnects every database instance of every app of `AppRegistry.shared`, as ``Database/goOffline()`` does
    /// for one instance (Firebase's class method `goOffline()`).
    public static func goOffline() {
        goOffline(in: .shared)
    }

    /// Reconnects every database instance of every app of `AppRegistry.shared` (Firebase's class method
    /// `goOnline()`).
    public static func goOnline() {
        goOnline(in: .shared)
    }

    /// ``goOffline()`` for the apps of `registry`.
    public static func goOffline(in registry: AppRegistry) {
        for database in databases(in: registry) { database.goOffline() }
    }

    /// ``goOnline()`` for the apps of `registry`.
    public static func goOnline(in registry: AppRegistry) {
        for database in databases(in: registry) { database.goOnline() }
    }

    /// The database instances created so far in the apps of `registry` (apps without the Realtime Database
    /// have none).
    private static func databases(in registry: AppRegistry) -> [Database] {
        registry.allApps.values.flatMap { app in app.container.instance(for: DatabaseProvider.self)?.databases ?? [] }
    }
}
