// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Testing

@Suite("CollectionSyncEngine with file persistence")
@MainActor
struct CollectionFilePersistenceTests {
    let users = [
        TestUser(id: "1", name: "John", age: 30), TestUser(id: "2", name: "Jane", age: 25),
        TestUser(id: "3", name: "Ann", age: 41),
    ]

    func engine(_ remote: MockRemoteCollectionService<TestUser>, _ directory: URL) -> CollectionSyncEngine<TestUser> {
        CollectionSyncEngine(
            remote: remote, managerKey: "users", persistenceDirectory: directory, sleep: StepSleeper().sleep)
    }

    func collectionFile(_ directory: URL) -> URL {
        FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users").folder
            .appendingPathComponent("collection.flintsync")
    }

    @Test func theCollectionAndItsChangesSurviveARestart() async throws {
        let directory = makeTemporaryDirectory()
        let remote = MockRemoteCollectionService(collection: users)
        let first = engine(remote, directory)
        await first.startListening()
        try await waitUntil { remote.listenerCount == 1 }
        remote.simulateRemoteSave(TestUser(id: "4", name: "Bo", age: 9))
        remote.simulateRemoteDelete(id: "2")
        try await waitUntil { await first.getDocument(id: "4") != nil }
        try await waitUntil { await first.getDocument(id: "2") == nil }
        first.stopListening(clearCaches: false)
        let second = engine(MockRemoteCollectionService(), directory)
        #expect(Set(second.currentCollection.map(\.id)) == ["1", "3", "4"])
        #expect(second.lastPersistenceError == nil)
    }

    @Test func aChangeAppendsARecordInsteadOfRewritingTheFile() async throws {
        let directory = makeTemporaryDirectory()
        let persistence = FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users")
        try persistence.replaceCollection((0..<500).map { TestUser(id: "\($0)", name: "n\($0)", age: $0) })
        let file = collectionFile(directory)
        let before = try Data(contentsOf: file)
        try persistence.applyChanges(updated: [TestUser(id: "7", name: "seven", age: 7)], deleted: ["9"])
        let after = try Data(contentsOf: file)
        #expect(after.prefix(before.count) == before)  // the snapshot is untouched
        #expect(after.count - before.count < 200)  // one small record
        let reloaded = try FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users")
            .loadCollection()
        #expect(reloaded.count == 499)
        #expect(reloaded.first { $0.id == "7" }?.name == "seven")
    }

    @Test func pendingWritesSurviveARestartAndLand() async throws {
        let directory = makeTemporaryDirectory()
        let remote = MockRemoteCollectionService(collection: users)
        remote.setError(RemoteDown(), for: .update)
        let first = engine(remote, directory)
        await #expect(throws: RemoteDown.self) { try await first.updateDocument(id: "1", data: ["age": 99]) }
        remote.setError(nil, for: .update)
        let second = engine(remote, directory)
        #expect(second.pendingWriteCount == 1)
        await second.startListening()
        #expect(second.getDocument(id: "1")?.age == 99)
        #expect(second.pendingWriteCount == 0)
        second.stopListening(clearCaches: false)
    }

    @Test func aCorruptCollectionFileIsReportedAndPendingWritesSurvive() async throws {
        let directory = makeTemporaryDirectory()
        let remote = MockRemoteCollectionService(collection: users)
        let first = engine(remote, directory)
        await first.startListening()
        first.stopListening(clearCaches: false)
        remote.setError(RemoteDown(), for: .delete)
        await #expect(throws: RemoteDown.self) { try await first.deleteDocument(id: "3") }
        let file = collectionFile(directory)
        var bytes = try Data(contentsOf: file)
        bytes[20] ^= 0x55
        try bytes.write(to: file)
        let second = engine(MockRemoteCollectionService(), directory)
        guard case .corruptFile(let path, _, let movedTo) = second.lastPersistenceError else {
            Issue.record("expected corruptFile, got \(String(describing: second.lastPersistenceError))")
            return
        }
        #expect(path == file.path)
        #expect(movedTo == file.path + ".corrupt")
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt"))
        #expect(second.currentCollection.isEmpty)
        #expect(second.pendingWriteCount == 1)
        let third = engine(MockRemoteCollectionService(), directory)  // a fresh file was started
        #expect(third.lastPersistenceError == nil)
    }

    @Test func aBadMagicIsACorruptFile() throws {
        let directory = makeTemporaryDirectory()
        let persistence = FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users")
        try persistence.replaceCollection(users)
        let file = collectionFile(directory)
        try Data("NOTAFILE and some bytes".utf8).write(to: file)
        #expect {
            try persistence.loadCollection()
        } throws: { error in
            guard case .corruptFile(_, let reason, _) = error as? SyncError else { return false }
            return reason == "bad magic"
        }
    }

    @Test func aTornFinalAppendIsDroppedAndTheRestKept() throws {
        let directory = makeTemporaryDirectory()
        let persistence = FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users")
        try persistence.replaceCollection(users)
        try persistence.applyChanges(updated: [TestUser(id: "4", name: "Bo", age: 9)], deleted: [])
        try persistence.applyChanges(updated: [TestUser(id: "5", name: "Cy", age: 8)], deleted: [])
        let file = collectionFile(directory)
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count - 10).write(to: file)
        let reloaded = try FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users")
            .loadCollection()
        #expect(reloaded.map(\.id) == ["1", "2", "3", "4"])
    }

    @Test func aFailedAppendIsReportedAndLeavesTheFileWhole() async throws {
        let directory = makeTemporaryDirectory()
        let failing = Locked(false)
        let io = SyncFileIO(write: { handle, data in
            if failing.withLock({ $0 }) {
                try handle.write(contentsOf: data.prefix(data.count / 2))
                throw RemoteDown()
            }
            try handle.write(contentsOf: data)
        })
        let persistence = FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users", io: io)
        let remote = MockRemoteCollectionService(collection: users)
        let engine = CollectionSyncEngine(
            remote: remote, managerKey: "users", localPersistence: persistence,
            sleep: StepSleeper().sleep)
        await engine.startListening()
        try await waitUntil { remote.listenerCount == 1 }
        failing.withLock { $0 = true }
        remote.simulateRemoteSave(TestUser(id: "4", name: "Bo", age: 9))
        try await waitUntil { await engine.lastPersistenceError != nil }
        guard case .persistenceFailed = engine.lastPersistenceError else {
            Issue.record("expected persistenceFailed, got \(String(describing: engine.lastPersistenceError))")
            return
        }
        #expect(engine.getDocument(id: "4") != nil)  // memory keeps it
        failing.withLock { $0 = false }
        remote.simulateRemoteSave(TestUser(id: "5", name: "Cy", age: 8))
        try await waitUntil { await engine.getDocument(id: "5") != nil }
        engine.stopListening(clearCaches: false)
        let reloaded = try FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users")
            .loadCollection()
        #expect(Set(reloaded.map(\.id)) == ["1", "2", "3", "5"])
    }

    @Test func aFailedPendingWriteSaveIsAClearError() async throws {
        let directory = makeTemporaryDirectory()
        let io = SyncFileIO(write: { _, _ in throw RemoteDown() })
        let persistence = FileCollectionPersistence<TestUser>(directory: directory, managerKey: "users", io: io)
        let remote = MockRemoteCollectionService<TestUser>()
        remote.setError(RemoteDown(), for: .save)
        let engine = CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: persistence)
        await #expect {
            try await engine.saveDocument(TestUser(id: "1", name: "J", age: 1))
        } throws: { error in
            guard case .pendingWriteNotPersisted(let remoteError, _) = error as? SyncError else { return false }
            return remoteError == "RemoteDown()"
        }
        #expect(engine.pendingWriteCount == 1)
    }
}
