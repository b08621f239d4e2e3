// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// Codable documents: FirestoreEncoder, FirestoreDecoder, @DocumentID.
@Suite(.timeLimit(.minutes(3)))
struct CodableTests {
    struct City: Codable, Equatable {
        @DocumentID var id: String?
        var name: String
        var population: Int
        var founded: Date
        var location: GeoPoint
        var tags: [String]
        var mayor: Person?
        var area: Double
    }

    struct Person: Codable, Equatable {
        var name: String
        var since: Timestamp
    }

    private let london = City(
        id: nil, name: "London", population: 8_900_000,
        founded: Date(timeIntervalSince1970: -60_000_000_000),
        location: GeoPoint(latitude: 51.5, longitude: -0.12), tags: ["capital", "uk"],
        mayor: Person(name: "Sadiq", since: Timestamp(seconds: 1_462_000_000, nanoseconds: 0)),
        area: 1572.0)

    @Test func encoderProducesFirestoreValues() throws {
        let fields = try Firestore.Encoder().encode(london)
        #expect(fields["name"] == "London")
        #expect(fields["population"] == 8_900_000)
        #expect(fields["founded"] == .timestamp(try Timestamp(date: london.founded)))
        #expect(fields["location"] == .geoPoint(london.location))
        #expect(fields["mayor"]?["since"] == .timestamp(london.mayor!.since))
        #expect(fields["id"] == nil)  // @DocumentID is left out
        #expect(fields["area"] == 1572.0)
    }

    @Test func writeAndReadBackWithDocumentID() async throws {
        let db = try makeFirestore()
        let reference = db.collection("cities").document("LON")
        try await reference.setData(from: london)
        var decoded = try await reference.getDocument().data(as: City.self)
        #expect(decoded.id == "LON")
        decoded.id = nil
        #expect(decoded == london)
    }

    @Test func nilOptionalsAreLeftOut() throws {
        var city = london
        city.mayor = nil
        #expect(try Firestore.Encoder().encode(city)["mayor"] == nil)
    }

    @Test func addDocumentFromAnEncodable() async throws {
        let db = try makeFirestore()
        let reference = try await db.collection("cities").addDocument(from: london)
        let decoded = try await reference.getDocument().data(as: City.self)
        #expect(decoded.id == reference.documentID)
    }

    @Test func documentIDCanBeAReference() async throws {
        struct Item: Codable {
            @DocumentID var reference: DocumentReference?
            var n: Int
        }
        let db = try makeFirestore()
        try await db.document("items/a").setData(["n": 1])
        let item = try await db.document("items/a").getDocument().data(as: Item.self)
        #expect(item.reference == db.document("items/a"))
    }

    @Test func referencesAndFirestoreValuesRoundTrip() async throws {
        struct Link: Codable {
            var target: DocumentReference
            var extra: FirestoreValue
        }
        let db = try makeFirestore()
        try await db.document("links/l").setData(from: Link(target: db.document("a/b"), extra: ["k": [1, "x"]]))
        let raw = try await db.document("links/l").getDocument()
        #expect(raw.get("target") == .reference(db.document("a/b")))
        let link = try raw.data(as: Link.self)
        #expect(link.target.path == "a/b")
        #expect(link.extra == ["k": [1, "x"]])
    }

    @Test func decodingAMissingDocumentFails() async throws {
        let db = try makeFirestore()
        let snapshot = try await db.document("cities/none").getDocument()
        #expect(throws: DecodingError.self) { try snapshot.data(as: City.self) }
    }

    @Test func typeMismatchFailsWithDecodingError() throws {
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Person.self, from: ["name": 1, "since": .timestamp(Timestamp())])
        }
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Person.self, from: ["name": "x"])
        }
    }

    @Test func integersAndDoublesConvertWhenExact() throws {
        struct Numbers: Codable {
            var int: Int
            var double: Double
            var small: UInt8
        }
        let decoded = try Firestore.Decoder().decode(Numbers.self, from: ["int": 2.0, "double": 3, "small": 255])
        #expect(decoded.int == 2 && decoded.double == 3 && decoded.small == 255)
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Numbers.self, from: ["int": 2.5, "double": 3, "small": 1])
        }
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Numbers.self, from: ["int": 1, "double": 3, "small": 256])
        }
    }

    @Test func topLevelNonMapCannotBeWritten() throws {
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode([1, 2, 3]) }
    }

    @Test func batchAndTransactionWriteEncodables() async throws {
        let db = try makeFirestore()
        let batch = db.batch()
        try batch.setData(from: london, forDocument: db.document("cities/a"))
        try await batch.commit()
        try await db.runTransaction { transaction in
            try transaction.setData(from: london, forDocument: db.document("cities/b"))
        }
        #expect(try await db.collection("cities").getDocuments().count == 2)
    }

    @Test func enumsAndNestedArraysOfStructs() throws {
        enum Kind: String, Codable { case big, small }
        struct Box: Codable, Equatable {
            var kind: Kind
            var people: [Person]
        }
        let box = Box(kind: .big, people: [Person(name: "a", since: Timestamp(seconds: 1, nanoseconds: 2))])
        let fields = try Firestore.Encoder().encode(box)
        #expect(fields["kind"] == "big")
        #expect(try Firestore.Decoder().decode(Box.self, from: fields) == box)
    }
}
