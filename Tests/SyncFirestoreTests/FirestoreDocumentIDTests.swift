// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintSync
import FlintSyncFirestore
import FlintTesting
import Foundation
import Testing

/// A document ID is one path segment: one with `/` is `invalidArgument`, even when it would name a document of
/// a subcollection (`"p/reviews/r"`), and nothing is written.
@Suite("Document IDs of the Firestore services", .timeLimit(.minutes(3)))
struct FirestoreDocumentIDTests {
    @Test func anIDWithASlashIsInvalidArgument() async throws {
        let app = try FirestoreSyncFixture().makeApp("ids")
        let collection = try FirestoreRemoteCollectionService<Product>(app: app, collectionPath: { "products" })
        let document = try FirestoreRemoteDocumentService<Product>(app: app, collectionPath: { "products" })
        for id in ["p/reviews/r", "a/b"] {
            let saves: [() async throws -> Void] = [
                { try await collection.saveDocument(Product(id: id, name: "Bad", price: 1)) },
                { try await document.saveDocument(Product(id: id, name: "Bad", price: 1)) },
            ]
            for save in saves {
                let error = await #expect(throws: FirestoreError.self) { try await save() }
                #expect(error?.code == .invalidArgument)
            }
        }
        let nested = try await Firestore.firestore(app: app).collection("products").document("p/reviews/r")
            .getDocument()
        #expect(!nested.exists)
        await app.delete()
    }
}
