// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// Ported from firebase-ios-sdk `Firestore/Swift/Tests/Integration/CodableIntegrationTests.swift`
/// (`CodableIntegrationTests`), against the embedded backend; each test names its source. The SDK's write
/// flavors (document reference, write batch, transaction) are kept. `testVectorValue` and the vector field
/// of `testCodableRoundTrip` are left out: vector values are not part of this change.
@Suite(.timeLimit(.minutes(3)))
struct SDKCodableIntegrationTests {
    private enum WriteFlavor: CaseIterable { case docRef, writeBatch, transaction }

    private func setData<T: Encodable & Sendable>(
        from value: T, forDocument doc: DocumentReference, withFlavor flavor: WriteFlavor = .docRef,
        merge: Bool? = nil, mergeFields: [FieldPath]? = nil
    ) async throws {
        switch flavor {
        case .docRef:
            if let merge {
                try await doc.setData(from: value, merge: merge)
            } else if let mergeFields {
                try await doc.setData(from: value, mergeFields: mergeFields)
            } else {
                try await doc.setData(from: value)
            }
        case .writeBatch:
            let batch = doc.firestore.batch()
            if let merge {
                try batch.setData(from: value, forDocument: doc, merge: merge)
            } else if let mergeFields {
                try batch.setData(from: value, forDocument: doc, mergeFields: mergeFields)
            } else {
                try batch.setData(from: value, forDocument: doc)
            }
            try await batch.commit()
        case .transaction:
            try await doc.firestore.runTransaction { transaction in
                if let merge {
                    try transaction.setData(from: value, forDocument: doc, merge: merge)
                } else if let mergeFields {
                    try transaction.setData(from: value, forDocument: doc, mergeFields: mergeFields)
                } else {
                    try transaction.setData(from: value, forDocument: doc)
                }
            }
        }
    }

    // testCodableRoundTrip
    @Test func codableRoundTrip() async throws {
        struct Model: Codable, Equatable, Sendable {
            var name: String
            var age: Int32
            var ts: Timestamp
            var geoPoint: GeoPoint
            var docRef: DocumentReference
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        let model = Model(
            name: "test", age: 42, ts: Timestamp(seconds: 987_654_321, nanoseconds: 0),
            geoPoint: GeoPoint(latitude: 45, longitude: 54), docRef: docToWrite)
        for flavor in WriteFlavor.allCases {
            try await setData(from: model, forDocument: docToWrite, withFlavor: flavor)
            #expect(try await docToWrite.getDocument(as: Model.self) == model, "flavor \(flavor)")
        }
    }

    // testServerTimestamp
    @Test func serverTimestamp() async throws {
        struct Model: Codable, Equatable, Sendable {
            var name: String
            @ServerTimestamp var ts: Timestamp? = nil
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        for flavor in WriteFlavor.allCases {
            try await setData(from: Model(name: "name"), forDocument: docToWrite, withFlavor: flavor)
            let decoded = try await docToWrite.getDocument(as: Model.self)
            let ts = try #require(decoded.ts, "flavor \(flavor)")
            #expect(ts.seconds > 1_500_000_000, "flavor \(flavor)")
        }
    }

    // testServerTimestampBehavior (the SDK's writes are pending while the network is disabled; so here)
    @Test func serverTimestampBehavior() async throws {
        struct Model: Codable, Equatable, Sendable {
            var name: String
            @ServerTimestamp var ts: Timestamp? = nil
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        let pastTimestamp = Timestamp(seconds: 807_940_800, nanoseconds: 0)
        try await docToWrite.setData(from: Model(name: "name", ts: pastTimestamp))
        let now = Int64(Date().timeIntervalSince1970)
        let recorder = docToWrite.record()
        #expect(try await recorder.next().get("ts") == .timestamp(pastTimestamp))
        await db.disableNetwork()
        let write = Task { try await docToWrite.setData(from: Model(name: "name")) }
        let snapshot = try await recorder.next()
        #expect(snapshot.metadata.hasPendingWrites)
        #expect(try snapshot.data(as: Model.self, with: .none).ts == nil)
        #expect(try #require(try snapshot.data(as: Model.self, with: .estimate).ts).seconds >= now)
        #expect(try snapshot.data(as: Model.self, with: .previous).ts == pastTimestamp)
        await db.enableNetwork()
        try await write.value
        recorder.remove()
    }

    // testFieldValue
    @Test func fieldValue() async throws {
        struct Model: Encodable, Sendable {
            var name: String
            var array: FirestoreValue
            var intValue: FirestoreValue
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        let model = Model(
            name: "name", array: FieldValue.arrayUnion([1, 2, 3]), intValue: FieldValue.increment(3 as Int64))
        for flavor in WriteFlavor.allCases {
            try await docToWrite.delete()
            try await setData(from: model, forDocument: docToWrite, withFlavor: flavor)
            let data = try await docToWrite.getDocument()
            #expect(data["array"] == [1, 2, 3], "flavor \(flavor)")
            #expect(data["intValue"] == 3, "flavor \(flavor)")
        }
    }

    // testDataBlob
    @Test func dataBlob() async throws {
        struct Model: Encodable, Sendable {
            var name: String
            var data: Data
            var emptyData: Data
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        let model = Model(name: "name", data: Data([1, 2, 3, 4]), emptyData: Data())
        for flavor in WriteFlavor.allCases {
            try await setData(from: model, forDocument: docToWrite, withFlavor: flavor)
            let data = try await docToWrite.getDocument()
            #expect(data["data"] == .bytes(Data([1, 2, 3, 4])), "flavor \(flavor)")
            #expect(data["emptyData"] == .bytes(Data()), "flavor \(flavor)")
        }
    }

    // testExplicitNull
    @Test func explicitNull() async throws {
        struct Model: Encodable, Sendable {
            var name: String
            @ExplicitNull var explicitNull: String?
            var optional: String?
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        for flavor in WriteFlavor.allCases {
            try await setData(
                from: Model(name: "name", explicitNull: nil, optional: nil), forDocument: docToWrite, withFlavor: flavor
            )
            let data = try #require(try await docToWrite.getDocument().data())
            #expect(data["explicitNull"] == .null, "flavor \(flavor)")
            #expect(data.keys.contains("optional") == false, "flavor \(flavor)")
        }
    }

    // testSelfDocumentID
    @Test func selfDocumentID() async throws {
        struct Model: Codable, Equatable, Sendable {
            var name: String
            @DocumentID var docId: DocumentReference?
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        try await setData(from: Model(name: "name", docId: nil), forDocument: docToWrite)
        #expect(try await docToWrite.getDocument().data() == ["name": "name"])
        #expect(try await docToWrite.getDocument(as: Model.self) == Model(name: "name", docId: docToWrite))
    }

    // testSelfDocumentIDWithCustomCodable
    @Test func selfDocumentIDWithCustomCodable() async throws {
        struct Model: Codable, Equatable, Sendable {
            var name: String
            @DocumentID var docId: DocumentReference?

            enum CodingKeys: String, CodingKey { case name, docId }

            init(name: String, docId: DocumentReference?) {
                self.name = name
                self.docId = docId
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                name = try container.decode(String.self, forKey: .name)
                docId = try container.decode(DocumentID<DocumentReference>.self, forKey: .docId).wrappedValue
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
            }
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        try await setData(from: Model(name: "name", docId: nil), forDocument: docToWrite)
        #expect(try await docToWrite.getDocument().data() == ["name": "name"])
        #expect(try await docToWrite.getDocument(as: Model.self) == Model(name: "name", docId: docToWrite))
    }

    // testSetThenMerge
    @Test func setThenMerge() async throws {
        struct Model: Codable, Equatable, Sendable {
            var name: String? = nil
            var age: Int32? = nil
            var hobby: String? = nil
        }
        let db = try makeFirestore()
        let docToWrite = db.collection("models").document()
        for flavor in WriteFlavor.allCases {
            try await setData(from: Model(name: "test", age: 42), forDocument: docToWrite, withFlavor: flavor)
            try await setData(
                from: Model(name: nil, age: 43, hobby: "No"), forDocument: docToWrite, withFlavor: flavor, merge: true)
            #expect(
                try await docToWrite.getDocument(as: Model.self) == Model(name: "test", age: 43, hobby: "No"),
                "flavor \(flavor)")
            try await setData(
                from: Model(name: "xxxx", age: 10, hobby: "Play"), forDocument: docToWrite, withFlavor: flavor,
                mergeFields: ["age", FieldPath(["hobby"])])
            #expect(
                try await docToWrite.getDocument(as: Model.self) == Model(name: "test", age: 10, hobby: "Play"),
                "flavor \(flavor)")
        }
    }

    // testAddDocument
    @Test func addDocument() async throws {
        struct Model: Codable, Equatable, Sendable { var name: String }
        let db = try makeFirestore()
        let docRef = try await db.collection("models").addDocument(from: Model(name: "test"))
        #expect(try await docRef.getDocument(as: Model.self) == Model(name: "test"))
    }
}
