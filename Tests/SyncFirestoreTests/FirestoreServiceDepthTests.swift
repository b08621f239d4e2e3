// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintSync
import FlintSyncFirestore
import FlintTesting
import Foundation
import Testing

/// The Firestore services called directly (not through an engine, which measures a write's depth first): an update
/// or a query value nested deeper than `maximumFieldDepth` (Firestore's 20) is `SyncError.invalidArgument` before
/// anything converts it. The 10,000-level case runs in a child process (an exit test), so a crash fails the test
/// instead of ending the run.
@Suite("Depth of values handed to the Firestore services", .timeLimit(.minutes(3)))
struct FirestoreServiceDepthTests {
    /// Thrown by an exit test whose check failed (any throw exits the child with a failure).
    struct CheckFailed: Error {}

    /// `levels` maps around a string: `["k": ["k": … "leaf"]]`.
    static func nested(_ levels: Int) -> SyncValue {
        (0..<levels).reduce(SyncValue.string("leaf")) { inner, _ in ["k": inner] }
    }

    /// Whether `body` throws `SyncError.invalidArgument`.
    static func isInvalidArgument(_ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            return false
        } catch let error as SyncError {
            if case .invalidArgument = error { return true }
            return false
        } catch {
            return false
        }
    }

    @Test func anUpdateOrQueryValueNested10000LevelsIsInvalidArgument() async {
        await #expect(processExitsWith: .success) {
            let app = try FirestoreSyncFixture().makeApp("deep")
            let collection = try FirestoreRemoteCollectionService<Product>(app: app, collectionPath: { "products" })
            let document = try FirestoreRemoteDocumentService<Product>(app: app, collectionPath: { "products" })
            try await collection.saveDocument(Product(id: "p1", name: "Lamp", price: 20))
            let deep = Self.nested(10_000)
            let query = SyncQuery().where("name", isEqualTo: deep)
            let refused = [
                await Self.isInvalidArgument { try await collection.updateDocument(id: "p1", data: ["extra": deep]) },
                await Self.isInvalidArgument { try await document.updateDocument(id: "p1", data: ["extra": deep]) },
                await Self.isInvalidArgument { _ = try await collection.getCollection(query: query) },
            ]
            guard refused.allSatisfy({ $0 }) else { throw CheckFailed() }
            await app.delete()
        }
    }

    @Test func anUpdateOneLevelPastFirestoresDepthIsInvalidArgument() async throws {
        let app = try FirestoreSyncFixture().makeApp("past")
        let collection = try FirestoreRemoteCollectionService<Product>(app: app, collectionPath: { "products" })
        try await collection.saveDocument(Product(id: "p1", name: "Lamp", price: 20))
        try await collection.updateDocument(id: "p1", data: ["extra": Self.nested(collection.maximumFieldDepth)])
        #expect(
            await Self.isInvalidArgument {
                try await collection.updateDocument(
                    id: "p1", data: ["extra": Self.nested(collection.maximumFieldDepth + 1)])
            })
        await app.delete()
    }
}
