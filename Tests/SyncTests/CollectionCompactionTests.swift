// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import FlintTesting
import Testing

@Suite("Collection file compaction")
@MainActor
struct CollectionCompactionTests {
    @Test func manyChangesToASmallCollectionWriteANewSnapshot() async throws {
        let remote = MockRemoteCollectionService(collection: [TestUser(id: "1", name: "John", age: 0)])
        let persistence = MockLocalCollectionPersistence<TestUser>()
        let engine = CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: persistence)
        await engine.startListening()
        try await waitUntil { remote.listenerCount == 1 && persistence.replaceCount == 2 }  // bulk load, first batch
        for age in 1...1_001 { remote.simulateRemoteSave(TestUser(id: "1", name: "John", age: age)) }
        try await waitUntil { persistence.changeCount == 1_001 }
        #expect(persistence.replaceCount == 3)  // one compaction after 1,000 change records
        #expect(persistence.collection == [TestUser(id: "1", name: "John", age: 1_001)])
        engine.stopListening(clearCaches: false)
    }
}
