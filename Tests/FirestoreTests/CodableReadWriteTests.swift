// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// Codable reads and writes against the embedded backend beyond the SDK's own tests: the decoder and encoder
/// parameters, the completion form, missing documents, property wrappers in listeners, and the errors.
@Suite(.timeLimit(.minutes(3)))
struct CodableReadWriteTests {
    struct Message: Codable, Equatable, Sendable {
        var text: String
        @ServerTimestamp var sentAt: Date?
        @ExplicitNull var editedBy: String?
    }

    @Test func getDocumentAsUsesTheGivenDecoderAndEncoder() async throws {
        struct Model: Codable, Equatable, Sendable { var someField: Int }
        let db = try makeFirestore()
        let doc = db.document("models/a")
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        try await doc.setData(from: Model(someField: 3), encoder: encoder)
        #expect(try await doc.getDocument().data() == ["some_field": 3])
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try await doc.getDocument(as: Model.self, decoder: decoder) == Model(someField: 3))
        await #expect(throws: DecodingError.self) { try await doc.getDocument(as: Model.self) }
    }

    @Test func getDocumentAsWithACompletion() async throws {
        struct Model: Codable, Equatable, Sendable { var n: Int }
        let db = try makeFirestore()
        try await db.document("models/a").setData(["n": 1])
        let result = try await withCheckedThrowingContinuation { continuation in
            db.document("models/a").getDocument(as: Model.self) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == Model(n: 1))
        let missing = try await withCheckedThrowingContinuation { continuation in
            db.document("models/none").getDocument(as: Model.self) { continuation.resume(returning: $0) }
        }
        #expect(throws: DecodingError.self) { try missing.get() }
    }

    @Test func aMissingDocumentDecodesAsNilOptionalOrValueNotFound() async throws {
        struct Model: Codable, Equatable, Sendable { var n: Int }
        let db = try makeFirestore()
        #expect(try await db.document("models/none").getDocument(as: Model?.self) == nil)
        await #expect {
            try await db.document("models/none").getDocument(as: Model.self)
        } throws: { error in
            if case DecodingError.valueNotFound = error { return true }
            return false
        }
    }

    @Test func queryDocumentSnapshotsDecode() async throws {
        struct Model: Codable, Equatable, Sendable {
            @DocumentID var id: String?
            var n: Int
        }
        let db = try makeFirestore()
        try await db.document("models/a").setData(["n": 1])
        try await db.document("models/b").setData(["n": 2])
        let documents = try await db.collection("models").order(by: "n").getDocuments().documents
        #expect(try documents.map { try $0.data(as: Model.self) } == [Model(id: "a", n: 1), Model(id: "b", n: 2)])
    }

    @Test func serverTimestampsArePendingInListenersThenResolved() async throws {
        let commitDate = Date(timeIntervalSince1970: 1_700_000_000)
        let db = try makeFirestore(backend: LocalFirestoreBackend(now: { commitDate }))
        let doc = db.document("messages/m")
        let recorder = doc.record(includeMetadataChanges: true)
        #expect(try await recorder.next().exists == false)
        try await doc.setData(from: Message(text: "hi"))
        let local = try await recorder.next()
        #expect(local.metadata.hasPendingWrites)
        #expect(try local.data(as: Message.self) == Message(text: "hi"))
        #expect(try local.data(as: Message.self, with: .estimate).sentAt != nil)
        #expect(local.data()?["editedBy"] == .null)
        let acknowledged = try await recorder.next()
        #expect(!acknowledged.metadata.hasPendingWrites)
        #expect(try acknowledged.data(as: Message.self) == Message(text: "hi", sentAt: commitDate))
        recorder.remove()
    }

    @Test func aSetServerTimestampIsWrittenAsIs() async throws {
        let db = try makeFirestore()
        let sent = Date(timeIntervalSince1970: 1_600_000_000)
        try await db.document("messages/m").setData(from: Message(text: "hi", sentAt: sent, editedBy: "ada"))
        #expect(try await db.document("messages/m").getDocument()["sentAt"] == .timestamp(Timestamp(date: sent)))
        #expect(
            try await db.document("messages/m").getDocument(as: Message.self)
                == Message(text: "hi", sentAt: sent, editedBy: "ada"))
    }

    @Test func documentIDNeedsADocument() throws {
        struct Model: Codable {
            @DocumentID var id: String?
            var n: Int
        }
        #expect {
            try Firestore.Decoder().decode(Model.self, from: ["n": 1])
        } throws: { error in
            if case FirestoreDecodingError.decodingIsNotSupported = error { return true }
            return false
        }
        #expect {
            try JSONDecoder().decode(Model.self, from: Data(#"{"n": 1}"#.utf8))
        } throws: { error in
            if case FirestoreDecodingError.decodingIsNotSupported = error { return true }
            return false
        }
    }

    @Test func otherCodersRefuseFirestoreOnlyTypes() throws {
        struct Link: Codable { var target: DocumentReference }
        #expect(
            throws: FirestoreDecodingError.decodingIsNotSupported(
                "DocumentReference values can only be decoded with Firestore.Decoder")
        ) {
            try JSONDecoder().decode(Link.self, from: Data(#"{"target": "a/b"}"#.utf8))
        }
        struct Pending: Encodable { var at = FieldValue.serverTimestamp() }
        #expect(
            throws: FirestoreEncodingError.encodingIsNotSupported(
                "FieldValue values can only be encoded with Firestore.Encoder")
        ) {
            try JSONEncoder().encode(Pending())
        }
        #expect(throws: FirestoreEncodingError.self) { try JSONEncoder().encode(Message(text: "hi")) }
    }

    @Test func aReferenceToAnotherDatabaseIsRefusedWhenWritten() async throws {
        struct Link: Codable, Sendable { var target: DocumentReference }
        let db = try makeFirestore()
        let other = try makeFirestore(database: "other")
        let code = await firestoreCode {
            try await db.document("links/l").setData(from: Link(target: other.document("a/b")))
        }
        #expect(code == .invalidArgument)
    }

    @Test func everyIntegerTypeEncodesInArraysAndAlone() throws {
        struct Model: Codable, Equatable {
            var u64: [UInt64]
            var i8: [Int8]
            var u16: UInt16
        }
        let model = Model(u64: [1, UInt64(Int64.max)], i8: [-1], u16: 7)
        let fields = try Firestore.Encoder().encode(model)
        #expect(fields == ["u64": [1, .integer(.max)], "i8": [-1], "u16": 7])
        #expect(try Firestore.Decoder().decode(Model.self, from: fields) == model)
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode(Model(u64: [.max], i8: [], u16: 0)) }
    }
}
