// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// Opt-in persistence of the local backend.
@Suite(.timeLimit(.minutes(3)))
struct PersistenceTests {
    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flint-firestore-\(UUID().uuidString)")
    }

    @Test func dataSurvivesARestart() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let app = try TestApp.make(
                libraries: [FirestoreLibrary.self],
                overrides: [
                    .instance(LocalFirestoreBackend(persistenceDirectory: directory), as: FirestoreBackend.self)
                ])
            let db = try Firestore.firestore(app: app)
            try await db.document("users/ada").setData([
                "name": "Ada", "born": 1815,
                "friend": .reference(db.document("users/charles")),
            ])
            try await db.document("users/charles").setData(["name": "Charles"])
            try await db.document("users/charles").updateData(["born": 1791])
            try await db.document("users/tmp").setData(["x": 1])
            try await db.document("users/tmp").delete()
            try await Firestore.firestore(app: app, database: "other").document("c/d").setData(["n": 1])
            await app.delete()
        }
        let app = try TestApp.make(
            libraries: [FirestoreLibrary.self],
            overrides: [
                .instance(LocalFirestoreBackend(persistenceDirectory: directory), as: FirestoreBackend.self)
            ])
        let db = try Firestore.firestore(app: app)
        let users = try await db.collection("users").getDocuments()
        #expect(users.ids == ["ada", "charles"])
        #expect(
            users.documents[0].data() == [
                "name": "Ada", "born": 1815, "friend": .reference(db.document("users/charles")),
            ])
        #expect(users.documents[1].data() == ["name": "Charles", "born": 1791])
        #expect(try await Firestore.firestore(app: app, database: "other").document("c/d").getDocument().get("n") == 1)
        // New commits continue the sequence after the stored ones.
        try await db.document("users/ada").updateData(["born": 1816])
        let read = try db.engine.backend.document(at: "users/ada", database: db.databaseID, caller: nil)
        #expect(read.value!.version > 4)
    }

    @Test func aTornLastLineIsIgnored() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = DatabaseID(projectID: "p")
        do {
            let backend = LocalFirestoreBackend(persistenceDirectory: directory)
            let write = try UserDataParser(database: database).parseSetData(["n": 1]).setMutation(
                at: ResourcePath(["c", "d"]))
            _ = try backend.commit([BackendWrite(write)], database: database, caller: nil, origin: nil)
        }
        let file = PersistenceLog.url(directory: directory, database: database)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: PersistenceLog.frame(Data("{\"seq\": 2, \"docs\": []}".utf8)).prefix(20))
        try handle.close()
        let backend = LocalFirestoreBackend(persistenceDirectory: directory)
        #expect(try backend.document(at: "c/d", database: database, caller: nil).value?.version == 1)
    }

    @Test func aCorruptFileIsDataLoss() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("garbage\n{\"seq\":1,\"docs\":[]}\n".utf8).write(to: folder.appendingPathComponent("(default).jsonl"))
        let backend = LocalFirestoreBackend(persistenceDirectory: directory)
        #expect(throws: FirestoreError.self) {
            try backend.document(at: "c/d", database: DatabaseID(projectID: "p"), caller: nil)
        }
        do {
            _ = try backend.document(at: "c/d", database: DatabaseID(projectID: "p"), caller: nil)
        } catch {
            #expect(error.code == .dataLoss)
        }
    }

    @Test func withoutADirectoryNothingIsWritten() async throws {
        let backend = LocalFirestoreBackend()
        let db = try makeFirestore(backend: backend)
        try await db.document("c/d").setData(["n": 1])
        let second = try makeFirestore(backend: LocalFirestoreBackend())
        #expect(try await second.document("c/d").getDocument().exists == false)
    }
}
