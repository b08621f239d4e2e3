// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync
import FlintSyncDatabase
import FlintTesting
import Foundation
import Testing

/// The Database services called directly (not through an engine, which measures a write's depth first): an update
/// or a query value nested deeper than the service's `maximumFieldDepth` is `SyncError.invalidArgument` before
/// anything converts it. The 10,000-level cases run in a child process (an exit test), so a crash fails the test
/// instead of ending the run.
@Suite("Depth of values handed to the Realtime Database services", .timeLimit(.minutes(3)))
struct DatabaseServiceDepthTests {
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
            let app = try makeDatabaseApp("deep")
            let collection = try DatabaseRemoteCollectionService<Item>(app: app, collectionPath: { "items" })
            let document = try DatabaseRemoteDocumentService<Item>(app: app, collectionPath: { "items" })
            try await collection.saveDocument(Item(id: "a", name: "Ada", score: 1))
            let deep = Self.nested(10_000)
            let query = SyncQuery().where("name", isEqualTo: deep)
            let refused = [
                await Self.isInvalidArgument { try await collection.updateDocument(id: "a", data: ["extra": deep]) },
                await Self.isInvalidArgument { try await document.updateDocument(id: "a", data: ["extra": deep]) },
                await Self.isInvalidArgument { _ = try await collection.getCollection(query: query) },
            ]
            guard refused.allSatisfy({ $0 }) else { throw CheckFailed() }
            let stored = try await Database.database(app: app).reference(withPath: "items/a/extra").getData()
            guard !stored.exists() else { throw CheckFailed() }
            await app.delete()
        }
    }

    @Test func anUpdateOneLevelPastTheServicesDepthIsInvalidArgument() async throws {
        let app = try makeDatabaseApp("past")
        let collection = try DatabaseRemoteCollectionService<Item>(app: app, collectionPath: { "items" })
        try await collection.saveDocument(Item(id: "a", name: "Ada", score: 1))
        try await collection.updateDocument(id: "a", data: ["extra": Self.nested(collection.maximumFieldDepth)])
        #expect(
            await Self.isInvalidArgument {
                try await collection.updateDocument(
                    id: "a", data: ["extra": Self.nested(collection.maximumFieldDepth + 1)])
            })
        await app.delete()
    }
}
