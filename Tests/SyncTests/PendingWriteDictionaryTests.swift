// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import Foundation
import Testing

@Suite("PendingWrite createdAt, collection-level writes and dictionaries")
struct PendingWriteDictionaryTests {
    let made = Date(timeIntervalSince1970: 1_700_000_000.5)

    @Test func roundTripsThroughItsDictionary() throws {
        let write = PendingWrite(documentId: "d", kind: .save, fields: ["name": "A", "n": 1], createdAt: made)
        let dictionary = write.toDictionary()
        #expect(dictionary["_documentId"] == "d")
        #expect(dictionary["_createdAt"] == .double(1_700_000_000.5))
        #expect(dictionary["_kind"] == "save")
        #expect(PendingWrite(dictionary: dictionary) == write)
    }

    @Test func aCollectionLevelWriteHasNoDocumentId() throws {
        let write = PendingWrite(documentId: nil, kind: .update, fields: ["n": 2], createdAt: made)
        #expect(write.toDictionary()["_documentId"] == nil)
        #expect(PendingWrite(dictionary: write.toDictionary()) == write)
    }

    @Test func aMissingKindIsAnUpdateAndAMissingTimeIsNow() throws {
        let before = Date()
        let write = try #require(PendingWrite(dictionary: ["_documentId": "d", "n": 1]))
        #expect(write.kind == .update)
        #expect(write.fields == ["n": 1])
        #expect(write.createdAt >= before)
    }

    @Test(
        arguments: [
            ["_documentId": 7], ["_documentId": ""], ["_createdAt": "yesterday"], ["_createdAt": .double(.infinity)],
            ["_kind": "replace"], ["_kind": 1],
        ] as [[String: SyncValue]])
    func aMalformedDictionaryIsNil(dictionary: [String: SyncValue]) {
        #expect(PendingWrite(dictionary: dictionary) == nil)
    }

    @Test func mergingKeepsTheFirstWritesTime() {
        let first = PendingWrite(documentId: "d", kind: .update, fields: ["a": 1], createdAt: made)
        let later = PendingWrite(documentId: "d", kind: .update, fields: ["b": 2], createdAt: made + 60)
        #expect(first.merged(with: later).createdAt == made)
        #expect(first.merged(with: PendingWrite(documentId: "d", kind: .delete)).createdAt == made)
    }

    @Test func codableKeepsCreatedAtAndReadsOldWritesWithoutIt() throws {
        let write = PendingWrite(documentId: nil, kind: .update, fields: ["a": 1], createdAt: made)
        let decoded = try JSONDecoder().decode(PendingWrite.self, from: JSONEncoder().encode(write))
        #expect(decoded == write)
        let old = Data(#"{"documentId":"d","kind":"delete","fields":{}}"#.utf8)
        #expect(try JSONDecoder().decode(PendingWrite.self, from: old).documentId == "d")
    }
}

@Suite("Collection-level pending writes")
@MainActor
struct CollectionLevelPendingWriteTests {
    @Test func aWriteWithoutADocumentIdStaysQueuedWhileTheOthersAreSent() async throws {
        let persistence = MockLocalCollectionPersistence<TestUser>()
        try persistence.savePendingWrites([
            PendingWrite(documentId: nil, kind: .update, fields: ["age": 99]),
            PendingWrite(documentId: nil, kind: .update, fields: ["age": 98]),
            PendingWrite(documentId: "1", kind: .update, fields: ["age": 31]),
        ])
        let remote = MockRemoteCollectionService(collection: TestUser.mocks)
        let engine = CollectionSyncEngine(
            remote: remote, managerKey: "users", localPersistence: persistence, sleep: StepSleeper().sleep)
        #expect(engine.pendingWriteCount == 3)
        await engine.syncPendingWrites()
        #expect(engine.pendingWriteCount == 2)
        #expect(persistence.pendingWrites.map(\.documentId) == [nil, nil])
        #expect(remote.documents.first { $0.id == "1" }?.age == 31)
        #expect(remote.documents.allSatisfy { $0.age < 98 })
    }
}
