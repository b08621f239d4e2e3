// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import FlintTesting
import Foundation
import Testing

/// The mock remote's collection stream delivers its first (initial) batch before any change made after its
/// listener was attached: a write racing the attachment used to be yielded first and then overwritten by the
/// initial batch, computed earlier, so the stream's consumer lost it (CI once saw `[["3"], ["1"]]`).
@Suite("Mock remote: the initial batch comes before later changes")
struct MockStoreOrderTests {
    @Test func aWriteRightAfterTheListenerAttachesIsNotLost() async throws {
        for round in 0..<2_000 {
            let remote = MockRemoteCollectionService(collection: [TestUser(id: "1", name: "John", age: 30)])
            // A thread that writes the moment the listener is attached, to land between the attachment and the
            // initial batch when the two are not one step.
            let writer = startStreamTestThread {
                var spins = 0
                while remote.listenerCount == 0 && spins < 50_000_000 { spins += 1 }  // bounded: seconds at most
                remote.simulateRemoteSave(TestUser(id: "3", name: "Ann", age: 41))
            }
            var ids = Set<String>()
            var batches = 0
            for try await changes in remote.streamCollectionUpdates(query: SyncQuery()) {
                if changes.isInitial { ids = [] }
                ids.formUnion(changes.updated.map(\.id))
                batches += 1
                if ids == ["1", "3"] || batches == 2 { break }
            }
            #expect(await writer.wait())
            #expect(ids == ["1", "3"], "round \(round)")
            if ids != ["1", "3"] { return }
        }
    }
}
