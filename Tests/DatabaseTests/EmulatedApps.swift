// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The apps ``makeEmulatedDatabase(_:auth:appCheck:sleeps:)`` made inside one
/// ``withFakeDatabaseServer(_:_:)``, which deletes them before stopping its server: their listens stop with
/// the test instead of reconnecting to a server that is gone for the rest of the test run.
final class EmulatedApps: Sendable {
    /// The collector of the running ``withFakeDatabaseServer(_:_:)``, if any.
    @TaskLocal static var current: EmulatedApps?

    private let apps = Locked<[FlintApp]>([])

    /// Adds an app to delete.
    func add(_ app: FlintApp) {
        apps.withLock { $0.append(app) }
    }

    /// Deletes every app added (each listen of theirs stops).
    func deleteAll() async {
        for app in apps.withLock({ $0 }) {
            _ = await app.delete()
        }
    }
}
