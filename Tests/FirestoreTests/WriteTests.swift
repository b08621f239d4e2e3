// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Synchronization
import Testing

@testable import FlintFirestore

/// setData, merges, updates, deletes and field values.
@Suite(.timeLimit(.minutes(3)))
struct WriteTests {
    @Test func setDataReplacesTheWholeDocument() async throws {
        let db = try makeFirestore()
        let ada = db.document("users/ada")
        try await ada.setData(["name": "Ada", "age": 36])
        try await ada.setData(["born": 1815])
        #expect(try await ada.getDocument().data() == ["born": 1815])
    }

    @Test func mergeMergesNestedMapsDeeply() async throws {
        let db = try makeFirestore()
        let ada = db.document("users/ada")
        try await ada.setData(["name": "Ada", "address": ["city": "London", "street": "St James's Square"]])
        try await ada.setData(["address": ["city": "Paris", "zip": "75001"], "age": 36], merge: true)
        #expect(
            try await ada.getDocument().data() == [
                "name": "Ada", "age": 36,
                "address": ["city": "Paris", "street": "St James's Square", "zip": "75001"],
            ])
    }

    @Test func mergeCreatesAMissingDocument() async throws {
        let db = try makeFirestore()
        try await db.document("users/new").setData(["a": ["b": 1]], merge: true)
        #expect(try await db.document("users/new").getDocument().data() == ["a": ["b": 1]])
    }

    @Test func mergeFieldsWritesOnlyTheListedFields() async throws {
        let db = try makeFirestore()
        let ada = db.document("users/ada")
        try await ada.setData(["name": "Ada", "age": 36, "address": ["city": "London", "zip": "SW1"]])
        try await ada.setData(
            ["name": "Augusta", "age": 99, "address": ["city": "Paris", "zip": "75001"]],
            mergeFields: ["name", "address.city"])
        #expect(
            try await ada.getDocument().data() == [
                "name": "Augusta", "age": 36,
                "address": ["city": "Paris", "zip": "SW1"],
            ])
    }

    @Test func mergeFieldMissingFromTheDataIsInvalid() async throws {
        let db = try makeFirestore()
        let error = await #expect(throws: FirestoreError.self) {
            try await db.document("users/ada").setData(["name": "Ada"], mergeFields: ["age"])
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func setDataKeysAreLiteralFieldNames() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["a.b": 1])
        let snapshot = try await doc.getDocument()
        #expect(snapshot.data() == ["a.b": 1])
        #expect(snapshot.get(FieldPath(["a.b"])) == 1)
        #expect(snapshot.get("a.b") == nil)
    }

    @Test func updateDataKeysAreFieldPaths() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["a": ["b": 1, "c": 2], "x": 0])
        try await doc.updateData(["a.b": 10, FieldPath(["literal.dot"]): true])
        #expect(try await doc.getDocument().data() == ["a": ["b": 10, "c": 2], "x": 0, "literal.dot": true])
    }

    @Test func updateDataReplacesAMapValueAtItsPath() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["a": ["b": 1, "c": 2]])
        try await doc.updateData(["a": ["z": 0]])
        #expect(try await doc.getDocument().data() == ["a": ["z": 0]])
    }

    @Test func updateDataOnAMissingDocumentFailsNotFoundAndCreatesNothing() async throws {
        let db = try makeFirestore()
        let missing = db.document("users/nobody")
        let error = await #expect(throws: FirestoreError.self) { try await missing.updateData(["age": 1]) }
        #expect(error?.code == .notFound)
        #expect(error?.code.rawValue == 5)
        #expect(try await missing.getDocument().exists == false)
    }

    @Test func updateOfAMissingDocumentNeverShowsUpLocally() async throws {
        let db = try makeFirestore()
        let recorder = db.collection("users").record()
        #expect(try await recorder.next().isEmpty)
        await #expect(throws: FirestoreError.self) { try await db.document("users/nobody").updateData(["a": 1]) }
        try await db.document("users/real").setData(["a": 1])
        #expect(try await recorder.next().ids == ["real"])  // no snapshot was sent for the failed update
        recorder.remove()
    }

    @Test func deleteRemovesTheDocumentAndIgnoresMissingOnes() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["a": 1])
        try await doc.delete()
        #expect(try await doc.getDocument().exists == false)
        try await doc.delete()
    }

    @Test func deleteFieldValueRemovesFieldsInUpdateAndMerge() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["a": 1, "b": 2, "m": ["x": 1, "y": 2]])
        try await doc.updateData(["a": FieldValue.delete(), "m.x": FieldValue.delete()])
        try await doc.setData(["b": FieldValue.delete(), "m": ["y": FieldValue.delete()]], merge: true)
        #expect(try await doc.getDocument().data() == ["m": [:]])
    }

    @Test func deleteFieldValueIsInvalidInPlainSetData() async throws {
        let db = try makeFirestore()
        let error = await #expect(throws: FirestoreError.self) {
            try await db.document("c/d").setData(["a": FieldValue.delete()])
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func deleteFieldValueMustBeAtTheTopLevelOfAnUpdate() async throws {
        let db = try makeFirestore()
        try await db.document("c/d").setData(["m": ["x": 1]])
        let error = await #expect(throws: FirestoreError.self) {
            try await db.document("c/d").updateData(["m": ["x": FieldValue.delete()]])
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func fieldValuesAreInvalidInsideArraysAndQueries() async throws {
        let db = try makeFirestore()
        #expect(
            await firestoreCode { try await db.document("c/d").setData(["a": [FieldValue.serverTimestamp()]]) }
                == .invalidArgument)
        #expect(
            await firestoreCode {
                try await db.collection("c").whereField("a", isEqualTo: FieldValue.increment(1)).getDocuments()
            } == .invalidArgument)
    }

    @Test func nestedArraysAreInvalid() async throws {
        let db = try makeFirestore()
        #expect(await firestoreCode { try await db.document("c/d").setData(["a": [[1]]]) } == .invalidArgument)
    }

    @Test func emptyAndReservedFieldNamesAreInvalid() async throws {
        let db = try makeFirestore()
        #expect(await firestoreCode { try await db.document("c/d").setData(["": 1]) } == .invalidArgument)
        #expect(await firestoreCode { try await db.document("c/d").setData(["__x__": 1]) } == .invalidArgument)
    }

    @Test func invalidGeoPointIsRejected() async throws {
        let db = try makeFirestore()
        #expect(
            await firestoreCode {
                try await db.document("c/d").setData(["p": .geoPoint(GeoPoint(latitude: 91, longitude: 0))])
            } == .invalidArgument)
    }

    @Test func everyValueTypeRoundTrips() async throws {
        let db = try makeFirestore()
        let data: [String: FirestoreValue] = [
            "null": nil, "bool": true, "int": .integer(.max), "double": 2.5,
            "time": .timestamp(Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)),
            "string": "héllo", "bytes": .bytes(Data([0, 1, 255])), "ref": .reference(db.document("a/b")),
            "geo": .geoPoint(GeoPoint(latitude: 48.85, longitude: 2.35)), "array": [1, "two", 3.0, nil],
            "map": ["nested": ["deep": true]],
        ]
        try await db.document("c/d").setData(data)
        let read = try await db.document("c/d").getDocument().data()
        #expect(read == data)
        #expect(read?["ref"]?.referenceValue?.firestore === db)
    }

    // MARK: Increment

    @Test func incrementAddsToIntegersAndStaysInteger() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["n": 5])
        try await doc.updateData(["n": FieldValue.increment(2)])
        #expect(try await doc.getDocument().get("n") == .integer(7))
    }

    @Test func incrementOfAMissingOrNonNumericFieldStartsFromZero() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["s": "text"])
        try await doc.updateData(["s": FieldValue.increment(3), "missing": FieldValue.increment(4)])
        #expect(try await doc.getDocument().data() == ["s": 3, "missing": 4])
    }

    @Test func incrementSaturatesAtTheInt64Bounds() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["max": .integer(.max - 1), "min": .integer(.min + 1)])
        try await doc.updateData(["max": FieldValue.increment(10), "min": FieldValue.increment(-10)])
        #expect(try await doc.getDocument().data() == ["max": .integer(.max), "min": .integer(.min)])
    }

    @Test func incrementInvolvingADoubleGivesADouble() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["a": 1, "b": 1.5])
        try await doc.updateData(["a": FieldValue.increment(0.5), "b": FieldValue.increment(1)])
        #expect(try await doc.getDocument().data() == ["a": 1.5, "b": 2.5])
    }

    @Test func incrementIsAppliedLocallyBeforeTheAcknowledgement() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["n": 1])
        let recorder = doc.record(includeMetadataChanges: true)
        #expect(try await recorder.next().get("n") == 1)
        try await doc.updateData(["n": FieldValue.increment(1)])
        let local = try await recorder.next()
        #expect(local.get("n") == 2)
        #expect(local.metadata.hasPendingWrites)
        let acknowledged = try await recorder.next()
        #expect(acknowledged.get("n") == 2)
        #expect(!acknowledged.metadata.hasPendingWrites)
        recorder.remove()
    }

    // MARK: Arrays

    @Test func arrayUnionAppendsOnlyMissingElements() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["tags": ["a", "b"]])
        try await doc.updateData(["tags": FieldValue.arrayUnion(["b", "c", "c", 1])])
        #expect(try await doc.getDocument().get("tags") == ["a", "b", "c", 1])
    }

    @Test func arrayUnionOnAMissingOrNonArrayFieldStartsEmpty() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["s": 1])
        try await doc.updateData(["s": FieldValue.arrayUnion(["x"]), "new": FieldValue.arrayUnion(["y"])])
        #expect(try await doc.getDocument().data() == ["s": ["x"], "new": ["y"]])
    }

    @Test func arrayRemoveRemovesEveryEqualElement() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["v": [1, 2, 1, 1.0, "1", 3]])
        try await doc.updateData(["v": FieldValue.arrayRemove([1, 3])])
        #expect(try await doc.getDocument().get("v") == [2, 1.0, "1"])
    }

    // MARK: Server timestamps

    @Test func serverTimestampIsNullLocallyAndTheCommitTimeOnceAcknowledged() async throws {
        let commitDate = Date(timeIntervalSince1970: 1_700_000_000)
        let db = try makeFirestore(backend: LocalFirestoreBackend(now: { commitDate }))
        let doc = db.document("c/d")
        let recorder = doc.record(includeMetadataChanges: true)
        #expect(try await recorder.next().exists == false)
        try await doc.setData(["updated": FieldValue.serverTimestamp()])
        let local = try await recorder.next()
        #expect(local.metadata.hasPendingWrites)
        #expect(local.get("updated") == .null)
        #expect(local.get("updated", serverTimestampBehavior: .estimate)?.timestampValue != nil)
        let acknowledged = try await recorder.next()
        #expect(!acknowledged.metadata.hasPendingWrites)
        #expect(acknowledged.get("updated") == .timestamp(try Timestamp(date: commitDate)))
        recorder.remove()
    }

    @Test func serverTimestampPreviousBehaviorShowsTheValueBeforeTheWrite() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["updated": "before"])
        let recorder = doc.record()
        #expect(try await recorder.next().get("updated") == "before")
        await db.disableNetwork()  // keep the write pending
        Task { try await doc.updateData(["updated": FieldValue.serverTimestamp()]) }
        let local = try await recorder.next()
        #expect(local.get("updated", serverTimestampBehavior: .previous) == "before")
        #expect(local.data(with: .previous) == ["updated": "before"])
        #expect(local.get("updated", serverTimestampBehavior: .none) == .null)
        await db.enableNetwork()
        try await db.waitForPendingWrites()
        recorder.remove()
    }

    // MARK: Timestamp precision

    /// The SDK truncates timestamps to microseconds when it parses them (the backend's precision), so reads and
    /// equality queries agree with what the backend stores.
    @Test func timestampsAreTruncatedToMicroseconds() async throws {
        let db = try makeFirestore()
        let precise = Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_789)
        let stored = Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)
        try await db.document("c/d").setData(["at": .timestamp(precise), "list": [.timestamp(precise)]])
        let data = try await db.document("c/d").getDocument().data()
        #expect(data?["at"] == .timestamp(stored))
        #expect(data?["list"] == [.timestamp(stored)])
        let items = db.collection("c")
        #expect(try await items.whereField("at", isEqualTo: .timestamp(precise)).getDocuments().ids == ["d"])
        #expect(try await items.whereField("at", isEqualTo: .timestamp(stored)).getDocuments().ids == ["d"])
        #expect(try await items.whereField("at", isGreaterThan: .timestamp(precise)).getDocuments().ids == [])
    }
}
