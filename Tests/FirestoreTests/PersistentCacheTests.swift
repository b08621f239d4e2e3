// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// The persistent cache: what a client received and its pending writes survive a restart (a new app of the
/// same name over the same cache directory), and damage is reported, never silently dropped.
@Suite(.timeLimit(.minutes(3)))
struct PersistentCacheTests {
    private let backend = LocalFirestoreBackend()
    private let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("flint-client-cache-\(UUID().uuidString)")

    /// The default database of a new app named `alice` (in a fresh registry) over the shared backend, with a
    /// persistent cache in `directory`.
    private func start(
        io: PersistenceIO = .standard, overrides: [Component] = [],
        sizeBytes: Int64 = PersistentCacheSettings.defaultSizeBytes
    ) throws -> (FlintApp, Firestore) {
        let registry = AppRegistry()
        try registry.register(FirestoreLibrary.self)
        let app = try registry.configure(
            name: "alice", options: .testing,
            overrides: [.instance(backend, as: FirestoreBackend.self)] + overrides)
        let db = try Firestore.firestore(app: app)
        var settings = FirestoreSettings(
            cacheSettings: PersistentCacheSettings(directory: directory, sizeBytes: sizeBytes))
        settings.persistenceIO = io
        try db.setSettings(settings)
        return (app, db)
    }

    /// Deletes this test's cache directory.
    private func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The cache file of `db`.
    private func cacheFile(_ db: Firestore) -> URL {
        ClientCacheFile.url(directory: directory, appName: db.appName, database: db.databaseID)
    }

    /// Makes an offline write of `data` at `path` and waits until it is applied locally; returns its task.
    private func writeOffline(
        _ db: Firestore, _ path: String,
        _ data: [String: FirestoreValue]
    ) async throws -> Task<Void, any Error> {
        let recorder = db.document(path).record(includeMetadataChanges: true)
        _ = try await recorder.next()
        let write = Task { try await db.document(path).setData(data) }
        while try await recorder.next().metadata.hasPendingWrites == false {}
        recorder.remove()
        return write
    }

    @Test func aPendingWriteSurvivesARestartAndIsSentWhenOnline() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        await db.disableNetwork()
        let write = try await writeOffline(db, "c/d", ["n": 1])
        await app.delete()
        #expect(await firestoreCode { try await value(of: write) } == .failedPrecondition)  // that instance is gone
        let (_, restarted) = try start()
        try await restarted.waitForPendingWrites()
        #expect(try await restarted.document("c/d").getDocument(source: .server).get("n") == 1)
        #expect(restarted.engine.pendingWriteCount == 0)
    }

    @Test func aRestoredPendingWriteIsShownOfflineAndSentWhenBackOnline() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        await db.disableNetwork()
        _ = try await writeOffline(db, "c/d", ["n": 1])
        await app.delete()
        let (_, restarted) = try start()
        await restarted.disableNetwork()  // the first use: nothing is sent
        let local = try await restarted.document("c/d").getDocument()
        #expect(local.get("n") == 1)
        #expect(local.metadata.hasPendingWrites)
        #expect(local.metadata.isFromCache)
        #expect(try await restarted.collection("c").getDocuments().metadata.hasPendingWrites)
        #expect(try backend.document(at: "c/d", database: restarted.databaseID, caller: nil).value == nil)
        await restarted.enableNetwork()
        try await restarted.waitForPendingWrites()
        let sent = try await restarted.document("c/d").getDocument()
        #expect(sent.get("n") == 1)
        #expect(!sent.metadata.hasPendingWrites)
    }

    @Test func aRestartedClientReadsWhatItReceivedOffline() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        try await db.document("c/seen").setData(["n": 1])
        let other = try makeFirestore(backend: backend)
        try await other.document("c/unseen").setData(["n": 2])
        await app.delete()
        let (_, restarted) = try start()
        await restarted.disableNetwork()
        let seen = try await restarted.document("c/seen").getDocument()
        #expect(seen.get("n") == 1)
        #expect(seen.metadata.isFromCache)
        #expect(await firestoreCode { try await restarted.document("c/unseen").getDocument() } == .unavailable)
        #expect(try await restarted.collection("c").getDocuments().ids == ["seen"])
    }

    @Test func anotherUsersPersistedWriteWaitsForThatUser() async throws {
        defer { cleanUp() }
        let auth = FakeAuth(userID: "u1")
        let (app, db) = try start(overrides: auth.components)
        await db.disableNetwork()
        _ = try await writeOffline(db, "c/d", ["n": 1])
        await app.delete()
        auth.simulateSignIn(userID: "u2")
        let (_, restarted) = try start(overrides: auth.components)
        try await restarted.waitForPendingWrites()
        #expect(restarted.engine.pendingWriteCount == 0)  // u1's write is not u2's
        #expect(try await restarted.document("c/d").getDocument(source: .server).exists == false)
        auth.simulateSignIn(userID: "u1")
        try await restarted.waitForPendingWrites()
        #expect(try await restarted.document("c/d").getDocument(source: .server).get("n") == 1)
    }

    @Test func aCacheOverItsSizeDropsTheDocumentsReceivedLongestAgo() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        let large = FirestoreValue.string(String(repeating: "x", count: 400_000))
        for id in ["a", "b", "c"] { try await db.document("c/\(id)").setData(["blob": large]) }
        await app.delete()
        let (_, restarted) = try start(sizeBytes: PersistentCacheSettings.minimumSizeBytes)  // fits two of three
        #expect(await firestoreCode { try await restarted.document("c/a").getDocument(source: .cache) } == .unavailable)
        #expect(try await restarted.document("c/b").getDocument(source: .cache).exists)
        #expect(try await restarted.document("c/c").getDocument(source: .cache).exists)
    }

    @Test func evictionKeepsTheDocumentsOfPendingWrites() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        let large = FirestoreValue.string(String(repeating: "x", count: 400_000))
        for id in ["a", "b", "c"] { try await db.document("c/\(id)").setData(["blob": large]) }
        await db.disableNetwork()
        let recorder = db.document("c/a").record(includeMetadataChanges: true)
        _ = try await recorder.next()
        let write = Task { try await db.document("c/a").updateData(["n": 1]) }
        while try await recorder.next().metadata.hasPendingWrites == false {}
        recorder.remove()
        await app.delete()
        _ = await write.result
        let (_, restarted) = try start(sizeBytes: PersistentCacheSettings.minimumSizeBytes)
        await restarted.disableNetwork()
        let kept = try await restarted.document("c/a").getDocument(source: .cache)
        #expect(kept.get("n") == 1)
        #expect(kept.get("blob") == large)  // the base the pending write applies to
        #expect(await firestoreCode { try await restarted.document("c/b").getDocument(source: .cache) } == .unavailable)
        #expect(try await restarted.document("c/c").getDocument(source: .cache).exists)
    }

    @Test func anUnlimitedCacheKeepsEverything() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        let large = FirestoreValue.string(String(repeating: "x", count: 400_000))
        for id in ["a", "b", "c"] { try await db.document("c/\(id)").setData(["blob": large]) }
        await app.delete()
        let (_, restarted) = try start(sizeBytes: PersistentCacheSettings.unlimitedSizeBytes)
        #expect(try await restarted.collection("c").getDocuments(source: .cache).ids == ["a", "b", "c"])
    }

    @Test func aWriteThatCannotBePersistedFailsAndChangesNothing() async throws {
        defer { cleanUp() }
        struct DiskFull: Error {}
        let writes = Locked(0)
        // The cache's first write (its snapshot, when the instance opens it) succeeds; every later one fails.
        let failing = PersistenceIO(write: { handle, data in
            guard
                writes.withLock({
                    $0 += 1
                    return $0
                }) > 1
            else { return try handle.write(contentsOf: data) }
            throw DiskFull()
        })
        let (_, db) = try start(io: failing)
        #expect(await firestoreCode { try await db.document("c/d").setData(["n": 1]) } == .dataLoss)
        #expect(db.engine.pendingWriteCount == 0)
        #expect(await firestoreCode { try await db.document("c/d").getDocument(source: .cache) } == .unavailable)
        #expect(try await db.document("c/d").getDocument(source: .server).exists == false)
    }

    @Test func aTruncatedCacheFileIsDataLoss() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        await db.disableNetwork()
        _ = try await writeOffline(db, "c/d", ["n": 1])
        let url = cacheFile(db)
        await app.delete()
        let data = try Data(contentsOf: url)
        try data.prefix(ClientCacheFile.magic.count + 10).write(to: url)  // inside the snapshot record
        let (_, restarted) = try start()
        #expect(await firestoreCode { try await restarted.document("c/d").getDocument() } == .dataLoss)
        #expect(await firestoreCode { try await restarted.document("c/e").setData(["n": 2]) } == .dataLoss)
        let recorder = restarted.collection("c").record()
        #expect(await firestoreCode { _ = try await recorder.next() } == .dataLoss)
        #expect(try Data(contentsOf: url).count == ClientCacheFile.magic.count + 10)  // left untouched
    }

    @Test func aFlippedByteInTheCacheFileIsDataLoss() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        await db.disableNetwork()
        _ = try await writeOffline(db, "c/d", ["n": 1])
        let url = cacheFile(db)
        await app.delete()
        var data = try Data(contentsOf: url)
        data[data.count - 3] ^= 0x01  // inside the last record: the pending write
        try data.write(to: url)
        let (_, restarted) = try start()
        #expect(await firestoreCode { try await restarted.waitForPendingWrites() } == .dataLoss)
    }

    @Test func aTornFinalRecordIsDroppedAndTheRestKept() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        try await db.document("c/kept").setData(["n": 1])
        await db.disableNetwork()
        _ = try await writeOffline(db, "c/torn", ["n": 2])
        let url = cacheFile(db)
        await app.delete()
        let data = try Data(contentsOf: url)
        try data.prefix(data.count - 3).write(to: url)  // the last append (the pending write) cut short
        let (_, restarted) = try start()
        await restarted.disableNetwork()
        #expect(try await restarted.document("c/kept").getDocument().get("n") == 1)
        #expect(await firestoreCode { try await restarted.document("c/torn").getDocument() } == .unavailable)
        #expect(restarted.engine.pendingWriteCount == 0)
    }

    @Test func clearPersistenceBeforeTheFirstUseDropsTheCacheAndItsPendingWrites() async throws {
        defer { cleanUp() }
        let (app, db) = try start()
        try await db.document("c/seen").setData(["n": 1])
        await db.disableNetwork()
        _ = try await writeOffline(db, "c/pending", ["n": 2])
        await app.delete()
        let (_, restarted) = try start()
        try await restarted.clearPersistence()
        #expect(!FileManager.default.fileExists(atPath: cacheFile(restarted).path))
        await restarted.disableNetwork()
        #expect(restarted.engine.pendingWriteCount == 0)
        #expect(
            await firestoreCode { try await restarted.document("c/seen").getDocument(source: .cache) } == .unavailable)
        #expect(
            await firestoreCode { try await restarted.document("c/pending").getDocument(source: .cache) }
                == .unavailable)
    }

    @Test func clearPersistenceWhileRunningIsFailedPreconditionAndAfterTerminateWorks() async throws {
        defer { cleanUp() }
        let (_, db) = try start()
        try await db.document("c/d").setData(["n": 1])
        #expect(await firestoreCode { try await db.clearPersistence() } == .failedPrecondition)
        #expect(FileManager.default.fileExists(atPath: cacheFile(db).path))
        await db.terminate()
        try await db.clearPersistence()
        #expect(!FileManager.default.fileExists(atPath: cacheFile(db).path))
    }

    @Test func cacheFilesArePerAppAndDatabaseAndStayInTheirDirectory() {
        let root = URL(fileURLWithPath: "/tmp/flint-root", isDirectory: true)
        let database = DatabaseID(projectID: "p")
        #expect(
            ClientCacheFile.url(directory: root, appName: "a", database: database)
                != ClientCacheFile.url(directory: root, appName: "b", database: database))
        #expect(
            ClientCacheFile.url(directory: root, appName: "a", database: database)
                != ClientCacheFile.url(
                    directory: root, appName: "a", database: DatabaseID(projectID: "p", database: "other")))
        let hostile = ClientCacheFile.url(
            directory: root, appName: "../../etc",
            database: DatabaseID(projectID: "..", database: "../passwd"))
        #expect(hostile.standardizedFileURL.path.hasPrefix(root.path + "/"))
        #expect(!hostile.pathComponents.contains(".."))
        #expect(hostile.pathComponents.count == root.pathComponents.count + 3)
    }
}
