// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync
import FlintSyncDatabase
import FlintTesting
import Foundation
import Testing

/// A document ID is one key of the Database: `/` (which would name a child of another document) and what the
/// Database forbids in a key are `invalidArgument` for every operation of the services, and nothing is written.
@Suite("Document IDs of the Realtime Database services", .timeLimit(.minutes(3)))
struct DatabaseDocumentIDTests {
    static let invalidIDs = ["a/b", "/a", "a/", "a//b", "", "a.b", "a#b", "a$b", "a[b", "a]b", "a\u{1}b", "a\u{7F}b"]

    /// The Database code `body` throws, or nil.
    func code(_ body: () async throws -> Void) async -> DatabaseErrorCode? {
        do {
            try await body()
            return nil
        } catch {
            return (error as? DatabaseError)?.code
        }
    }

    @Test func theServicesRefuseIDsThatAreNotOneKey() async throws {
        let app = try makeDatabaseApp("ids")
        let items = try Database.database(app: app).reference(withPath: "items")
        try await items.child("a").setValue(["name": "Ada", "score": 1])
        let collection = try DatabaseRemoteCollectionService<Item>(app: app, collectionPath: { "items" })
        let document = try DatabaseRemoteDocumentService<Item>(app: app, collectionPath: { "items" })
        for id in Self.invalidIDs {
            let bad = Item(id: id, name: "Bad", score: 0)
            let operations: [(String, () async throws -> Void)] = [
                ("collection save", { try await collection.saveDocument(bad) }),
                ("collection get", { _ = try await collection.getDocument(id: id) }),
                ("collection update", { try await collection.updateDocument(id: id, data: ["score": 2]) }),
                ("collection delete", { try await collection.deleteDocument(id: id) }),
                ("collection stream", { _ = try await collection.streamDocument(id: id).first { _ in true } }),
                ("document save", { try await document.saveDocument(bad) }),
                ("document get", { _ = try await document.getDocument(id: id) }),
                ("document update", { try await document.updateDocument(id: id, data: ["score": 2]) }),
                ("document delete", { try await document.deleteDocument(id: id) }),
                ("document stream", { _ = try await document.streamDocument(id: id).first { _ in true } }),
            ]
            for (name, operation) in operations {
                #expect(await code(operation) == .invalidArgument, "\(name) of \(id.debugDescription)")
            }
        }
        // Nothing was written inside the document `a`, nor beside it.
        #expect(try await items.child("a").getData().childrenCount == 2)
        #expect(try await items.getData().childrenCount == 1)
        await app.delete()
    }
}
