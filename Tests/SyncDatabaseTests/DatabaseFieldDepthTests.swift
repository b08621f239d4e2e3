// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync
import FlintSyncDatabase
import FlintTesting
import Foundation
import Testing

/// The Database services' `maximumFieldDepth`: the Database's 32 levels of keys from the root, less the location's
/// keys, the document's and the field's own, so that what the engine lets through the Database stores.
@Suite("Field depth of the Realtime Database services", .timeLimit(.minutes(3)))
struct DatabaseFieldDepthTests {
    @Test @MainActor func fieldsNestUpToWhatTheDatabaseKeepsBelowTheLocation() async throws {
        let app = try makeDatabaseApp("depth")
        let items = try Database.database(app: app).reference(withPath: "items")
        try await items.child("a").setValue(["name": "Ada", "score": 1])
        let remote = try DatabaseRemoteCollectionService<Item>(app: app, collectionPath: { "items" })
        #expect(remote.maximumFieldDepth == 29)
        #expect(try DatabaseRemoteDocumentService<Item>(app: app, collectionPath: { "a/b" }).maximumFieldDepth == 28)
        let engine = CollectionSyncEngine<Item>(
            remote: remote, managerKey: "items", enableLocalPersistence: false, app: app)
        let deepest = (0..<29).reduce(SyncValue.string("leaf")) { inner, _ in ["k": inner] }
        try await engine.updateDocument(id: "a", data: ["extra": deepest])
        let innermost = "a/extra" + String(repeating: "/k", count: 29)
        #expect(try await items.child(innermost).getData().value as? String == "leaf")
        let error = await #expect(throws: SyncError.self) {
            try await engine.updateDocument(id: "a", data: ["extra": ["k": deepest]])
        }
        guard case .invalidArgument? = error else {
            Issue.record("expected invalidArgument, got \(String(describing: error))")
            return
        }
        await app.delete()
    }
}
