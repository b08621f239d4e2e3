// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import FlintTesting
import Foundation
import Testing

/// A FIFO where the collection log is expected is refused at once, in the engine's initializer.
@Suite("Sync: a saved file that is not a regular file")
struct SpecialFileTests {
    /// An exit test: its watchdog ends the child process with status 3 if the initializer blocks on the FIFO.
    @Test func aFIFOAtTheCollectionLogIsACorruptFileMovedAsideWhenTheEngineStarts() async {
        await #expect(processExitsWith: .success) {
            let (directory, fifo) = try startFIFOExitTest {
                FileCollectionPersistence<TestUser>(directory: $0, managerKey: "users").folder
                    .appendingPathComponent("collection.flintsync")
            }
            let (error, collection) = await MainActor.run {
                let engine = CollectionSyncEngine(
                    remote: MockRemoteCollectionService<TestUser>(), managerKey: "users",
                    persistenceDirectory: directory, sleep: StepSleeper().sleep)
                return (engine.lastPersistenceError, engine.currentCollection)
            }
            #expect(
                error
                    == .corruptFile(
                        path: fifo.path, reason: "unreadable: it is not a regular file", movedTo: fifo.path + ".corrupt"
                    ))
            #expect(collection.isEmpty)
        }
    }
}
