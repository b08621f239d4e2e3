// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintTesting
import Foundation

/// Apps of one test sharing one embedded Firestore backend: each app is another client of the same database.
struct FirestoreSyncFixture {
    let backend: LocalFirestoreBackend
    let allowWrites = Locked(true)

    init() {
        let allow = allowWrites
        backend = LocalFirestoreBackend(rules: { request in
            switch request.operation {
            case .get, .list: return true
            case .create, .update, .delete: return allow.withLock { $0 }
            }
        })
    }

    /// A new app (in a registry of its own) on the shared backend.
    func makeApp(_ name: String) throws -> FlintApp {
        try TestApp.make(
            name: name, libraries: [FirestoreLibrary.self],
            overrides: [.instance(backend, as: FirestoreBackend.self)])
    }

    func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flint-sync-firestore-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
