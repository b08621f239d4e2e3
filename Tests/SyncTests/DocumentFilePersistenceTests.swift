// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Testing

@Suite("DocumentSyncEngine with file persistence")
@MainActor
struct DocumentFilePersistenceTests {
    let john = TestUser(id: "u1", name: "John", age: 30)

    func engine(_ remote: MockRemoteDocumentService<TestUser>, _ directory: URL) -> DocumentSyncEngine<TestUser> {
        DocumentSyncEngine(
            remote: remote, managerKey: "user", persistenceDirectory: directory, sleep: StepSleeper().sleep)
    }

    @Test func theDocumentAndItsIdSurviveARestart() async throws {
        let directory = makeTemporaryDirectory()
        let remote = MockRemoteDocumentService(document: john)
        let first = engine(remote, directory)
        try await first.startListening(documentId: "u1")
        try await waitUntil { await first.currentDocument == self.john }
        first.stopListening(clearCaches: false)
        let second = engine(MockRemoteDocumentService(), directory)
        #expect(second.currentDocument == john)
        #expect(try second.getDocumentId() == "u1")
        #expect(second.lastPersistenceError == nil)
    }

    @Test func pendingWritesSurviveARestartAndLand() async throws {
        let directory = makeTemporaryDirectory()
        let remote = MockRemoteDocumentService<TestUser>()
        remote.setError(RemoteDown(), for: .save)
        let first = engine(remote, directory)
        await #expect(throws: RemoteDown.self) { try await first.saveDocument(self.john) }
        remote.setError(nil, for: .save)
        let second = engine(remote, directory)
        #expect(second.pendingWriteCount == 1)
        try await second.startListening(documentId: "u1")
        #expect(remote.documents == [john])
        #expect(second.pendingWriteCount == 0)
        let third = engine(remote, directory)
        #expect(third.pendingWriteCount == 0)
    }

    @Test func aCorruptDocumentFileIsReportedAndTheOtherFilesSurvive() async throws {
        let directory = makeTemporaryDirectory()
        let remote = MockRemoteDocumentService<TestUser>()
        remote.setError(RemoteDown(), for: .update)
        let first = engine(MockRemoteDocumentService(document: john), directory)
        try await first.startListening(documentId: "u1")
        try await waitUntil { await first.currentDocument == self.john }
        first.stopListening(clearCaches: false)
        let writer = engine(remote, directory)
        await #expect(throws: RemoteDown.self) { try await writer.updateDocument(id: "u1", data: ["age": 5]) }
        let persistence = FileDocumentPersistence<TestUser>(directory: directory, managerKey: "user")
        let file = persistence.folder.appendingPathComponent("document.flintsync")
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 3] ^= 0xFF
        try bytes.write(to: file)
        let restarted = engine(MockRemoteDocumentService(), directory)
        guard case .corruptFile(let path, _, let movedTo) = restarted.lastPersistenceError else {
            Issue.record("expected corruptFile, got \(String(describing: restarted.lastPersistenceError))")
            return
        }
        #expect(path == file.path)
        #expect(movedTo == file.path + ".corrupt")
        #expect(restarted.currentDocument == nil)
        #expect(try restarted.getDocumentId() == "u1")
        #expect(restarted.pendingWriteCount == 1)
    }

    @Test func aTruncatedFileIsACorruptFileError() throws {
        let directory = makeTemporaryDirectory()
        let persistence = FileDocumentPersistence<TestUser>(directory: directory, managerKey: "user")
        try persistence.saveDocument(john)
        let file = persistence.folder.appendingPathComponent("document.flintsync")
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count - 5).write(to: file)
        #expect {
            try persistence.loadDocument()
        } throws: { error in
            if case .corruptFile = error as? SyncError { return true }
            return false
        }
        #expect(try persistence.loadDocument() == nil)  // set aside: the next load starts empty
    }

    @Test func aFailingWriteKeepsThePreviousFile() throws {
        let directory = makeTemporaryDirectory()
        let good = FileDocumentPersistence<TestUser>(directory: directory, managerKey: "user")
        try good.saveDocument(john)
        let failing = FileDocumentPersistence<TestUser>(
            directory: directory, managerKey: "user",
            io: SyncFileIO(write: { handle, data in
                try handle.write(contentsOf: data.prefix(3))
                throw RemoteDown()
            }))
        #expect {
            try failing.saveDocument(TestUser(id: "u1", name: "Other", age: 1))
        } throws: { error in
            if case .persistenceFailed = error as? SyncError { return true }
            return false
        }
        #expect(try good.loadDocument() == john)
    }

    @Test func hostileManagerKeysStayInsideTheDirectory() throws {
        let directory = makeTemporaryDirectory()
        for key in ["../../escape", "/etc/passwd", "a/b", "..", "nul\u{0}byte"] {
            let persistence = FileDocumentPersistence<TestUser>(directory: directory, managerKey: key)
            try persistence.saveDocument(john)
            #expect(persistence.folder.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL)
            #expect(try persistence.loadDocument() == john)
        }
        let contents = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(contents.count == 5)
    }
}
