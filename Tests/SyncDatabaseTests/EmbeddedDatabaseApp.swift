// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintTesting

/// A private app (its own registry) whose databases use `backend`: apps made on one backend share its data, as
/// two devices share a server.
func makeDatabaseApp(_ name: String, _ backend: LocalDatabaseBackend = LocalDatabaseBackend()) throws -> FlintApp {
    try TestApp.make(
        name: name, libraries: [DatabaseLibrary.self], overrides: [.instance(backend, as: DatabaseBackend.self)])
}
