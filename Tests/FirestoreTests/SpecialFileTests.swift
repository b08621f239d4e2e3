// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// A FIFO where Firestore expects a saved file (the embedded backend's log, a log of the previous format, the
/// client's persistent cache) is `dataLoss` naming the file, at once: opening it for reading would wait forever
/// for a writer. Each test is an exit test whose watchdog ends the child process with status 3 if it blocks.
@Suite("Firestore: special files where a saved file belongs", .timeLimit(.minutes(3)))
struct SpecialFileTests {
    @Test func aFIFOAtTheBackendsLogIsDataLossFoundAtOnce() async {
        await #expect(processExitsWith: .success) {
            let database = DatabaseID(projectID: FlintOptions.testing.projectID!)
            let (directory, fifo) = try startFIFOExitTest { PersistenceLog.url(directory: $0, database: database) }
            let backend = LocalFirestoreBackend(persistenceDirectory: directory)
            let app = try TestApp.make(
                libraries: [FirestoreLibrary.self], overrides: [.instance(backend, as: FirestoreBackend.self)])
            let error = await #expect(throws: FirestoreError.self) {
                _ = try await Firestore.firestore(app: app).document("c/d").getDocument(source: .server)
            }
            #expect(error?.code == .dataLoss)
            #expect(error?.message.contains(fifo.path) == true)
        }
    }

    @Test func aFIFOAtALogOfThePreviousFormatIsDataLossFoundAtOnce() async {
        await #expect(processExitsWith: .success) {
            let database = DatabaseID(projectID: "p")
            let (directory, fifo) = try startFIFOExitTest {
                try #require(PersistenceLog.legacyURL(directory: $0, database: database))
            }
            let error = #expect(throws: FirestoreError.self) {
                try PersistenceLog.load(directory: directory, database: database)
            }
            #expect(error?.code == .dataLoss)
            #expect(error?.message.contains(fifo.path) == true)
        }
    }

    @Test func aFIFOAtTheClientCacheIsDataLossFoundAtOnce() async {
        await #expect(processExitsWith: .success) {
            let app = try TestApp.make(
                name: "alice", libraries: [FirestoreLibrary.self],
                overrides: [.instance(LocalFirestoreBackend(), as: FirestoreBackend.self)])
            let db = try Firestore.firestore(app: app)
            let (directory, fifo) = try startFIFOExitTest {
                ClientCacheFile.url(directory: $0, appName: app.name, database: db.databaseID)
            }
            try db.setSettings(FirestoreSettings(cacheSettings: PersistentCacheSettings(directory: directory)))
            let error = await #expect(throws: FirestoreError.self) {
                _ = try await db.document("c/d").getDocument()
            }
            #expect(error?.code == .dataLoss)
            #expect(error?.message.contains(fifo.path) == true)
        }
    }
}
