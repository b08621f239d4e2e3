// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// Ported from firebase-ios-sdk `Firestore/Swift/Tests/Codable/FirestoreEncoderTests.swift`
/// (`FirestoreEncoderTests`); each test names its source. The SDK compares `[String: Any]` as `NSDictionary`,
/// where 123 equals 123.0; Flint's fields are ``FirestoreValue``s, so doubles are written as doubles here.
@Suite(.timeLimit(.minutes(3)))
struct SDKFirestoreEncoderTests {
    /// `value` encodes to `expected` and decodes back to itself.
    private func assertRoundTrips<X: Codable & Equatable>(
        _ value: X, to expected: [String: FirestoreValue], in reference: DocumentReference? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoded = try Firestore.Encoder().encode(value)
        #expect(encoded == expected, sourceLocation: sourceLocation)
        #expect(
            try Firestore.Decoder().decode(X.self, from: encoded, in: reference) == value,
            sourceLocation: sourceLocation)
    }

    private func docRef(_ path: String) throws -> DocumentReference {
        try makeFirestore().document(path)
    }

    // testInt
    @Test func int() throws {
        struct Model: Codable, Equatable { let x: Int }
        try assertRoundTrips(Model(x: 42), to: ["x": 42])
    }

    // testEmpty
    @Test func empty() throws {
        struct Model: Codable, Equatable {}
        try assertRoundTrips(Model(), to: [:])
    }

    // testString
    @Test func string() throws {
        struct Model: Codable, Equatable { let s: String }
        try assertRoundTrips(Model(s: "abc"), to: ["s": "abc"])
    }

    // testOptional
    @Test func optional() throws {
        struct Model: Codable, Equatable {
            let x: Int
            let opt: Int?
        }
        try assertRoundTrips(Model(x: 42, opt: nil), to: ["x": 42])
        try assertRoundTrips(Model(x: 42, opt: 7), to: ["x": 42, "opt": 7])
        #expect(try Firestore.Decoder().decode(Model.self, from: ["x": 42, "opt": 5]) == Model(x: 42, opt: 5))
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Model.self, from: ["x": 42, "opt": true])
        }
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Model.self, from: ["x": 42, "opt": "abc"])
        }
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Model.self, from: ["x": 45.55, "opt": 5])
        }
        #expect(throws: DecodingError.self) { try Firestore.Decoder().decode(Model.self, from: ["opt": 5]) }
    }

    // testEnum
    @Test func enumWithAssociatedValues() throws {
        enum MyEnum: Codable, Equatable {
            case num(number: Int)
            case text(String)
            case timestamp(Timestamp)

            private enum CodingKeys: String, CodingKey { case num, text, timestamp }
            private struct Failure: Error {}

            init(from decoder: any Decoder) throws {
                let values = try decoder.container(keyedBy: CodingKeys.self)
                if let value = try? values.decode(Int.self, forKey: .num) {
                    self = .num(number: value)
                } else if let value = try? values.decode(String.self, forKey: .text) {
                    self = .text(value)
                } else if let value = try? values.decode(Timestamp.self, forKey: .timestamp) {
                    self = .timestamp(value)
                } else {
                    throw Failure()
                }
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .num(let number): try container.encode(number, forKey: .num)
                case .text(let value): try container.encode(value, forKey: .text)
                case .timestamp(let stamp): try container.encode(stamp, forKey: .timestamp)
                }
            }
        }
        struct Model: Codable, Equatable {
            let x: Int
            let e: MyEnum
        }
        try assertRoundTrips(Model(x: 42, e: .num(number: 4)), to: ["x": 42, "e": ["num": 4]])
        try assertRoundTrips(Model(x: 43, e: .text("abc")), to: ["x": 43, "e": ["text": "abc"]])
        let timestamp = try Timestamp(date: Date())
        try assertRoundTrips(
            Model(x: 43, e: .timestamp(timestamp)), to: ["x": 43, "e": ["timestamp": .timestamp(timestamp)]])
    }

    // testGeoPoint
    @Test func geoPoint() throws {
        struct Model: Codable, Equatable { let p: GeoPoint }
        let point = GeoPoint(latitude: 1, longitude: -2)
        try assertRoundTrips(Model(p: point), to: ["p": .geoPoint(point)])
    }

    // testDate
    @Test func date() throws {
        struct Model: Codable, Equatable { let date: Date }
        let date = Date(timeIntervalSinceReferenceDate: 0)
        try assertRoundTrips(Model(date: date), to: ["date": .timestamp(try Timestamp(date: date))])
    }

    // testTimestampCanDecodeAsDate
    @Test func timestampCanDecodeAsDate() throws {
        struct EncodingModel: Codable, Equatable { let date: Timestamp }
        struct DecodingModel: Codable, Equatable { let date: Date }
        let date = Date(timeIntervalSinceReferenceDate: 0)
        let timestamp = try Timestamp(date: date)
        let encoded = try Firestore.Encoder().encode(EncodingModel(date: timestamp))
        #expect(encoded == ["date": .timestamp(timestamp)])
        #expect(try Firestore.Decoder().decode(DecodingModel.self, from: encoded) == DecodingModel(date: date))
    }

    // testDocumentReference
    @Test func documentReference() throws {
        struct Model: Codable, Equatable { let doc: DocumentReference }
        let reference = try docRef("abc/xyz")
        try assertRoundTrips(Model(doc: reference), to: ["doc": .reference(reference)])
    }

    // testEncodingDocumentReferenceThrowsWithJSONEncoder
    @Test func encodingDocumentReferenceThrowsWithJSONEncoder() throws {
        let reference = try docRef("abc/xyz")
        #expect {
            _ = try JSONEncoder().encode(reference)
        } throws: { error in
            if case FirestoreEncodingError.encodingIsNotSupported = error { return true }
            return false
        }
    }

    // testEncodingDocumentReferenceNotEmbeddedThrows
    @Test func encodingDocumentReferenceNotEmbeddedThrows() throws {
        let reference = try docRef("abc/xyz")
        #expect { _ = try Firestore.Encoder().encode(reference) } throws: { error in
            if case EncodingError.invalidValue = error { return true }
            return false
        }
    }

    // testTimestamp
    @Test func timestamp() throws {
        struct Model: Codable, Equatable { let timestamp: Timestamp }
        let timestamp = try Timestamp(date: Date())
        try assertRoundTrips(Model(timestamp: timestamp), to: ["timestamp": .timestamp(timestamp)])
    }

    // testBadValue
    @Test func badValue() throws {
        struct Model: Codable, Equatable { let x: Int }
        #expect(throws: DecodingError.self) { try Firestore.Decoder().decode(Model.self, from: ["x": "abc"]) }
    }

    // testValueTooBig
    @Test func valueTooBig() throws {
        struct Model: Codable, Equatable { let x: CChar }
        try assertRoundTrips(Model(x: 42), to: ["x": 42])
        #expect(throws: DecodingError.self) { try Firestore.Decoder().decode(Model.self, from: ["x": 12345]) }
    }

    // testBeans
    @Test func beans() throws {
        struct Model: Codable, Equatable {
            let s: String
            let d: Double
            let f: Float
            let l: CLongLong
            let i: Int
            let b: Bool
            let sh: CShort
            let byte: CChar
            let uchar: CUnsignedChar
            let ai: [Int]
            let si: [String]
            let caseSensitive: String
            let casESensitive: String
            let casESensitivE: String
        }
        let model = Model(
            s: "abc", d: 123, f: -4, l: 1_234_567_890_123, i: -4444, b: false, sh: 123, byte: 45, uchar: 44,
            ai: [1, 2, 3, 4], si: ["abc", "def"], caseSensitive: "aaa", casESensitive: "bbb", casESensitivE: "ccc")
        try assertRoundTrips(
            model,
            to: [
                "s": "abc", "d": 123.0, "f": -4.0, "l": 1_234_567_890_123, "i": -4444, "b": false, "sh": 123,
                "byte": 45, "uchar": 44, "ai": [1, 2, 3, 4], "si": ["abc", "def"], "caseSensitive": "aaa",
                "casESensitive": "bbb", "casESensitivE": "ccc",
            ])
    }

    // testCodingKeysCanCustomizeEncodingAndDecoding
    @Test func codingKeysCanCustomizeEncodingAndDecoding() throws {
        struct Model: Codable, Equatable {
            var s: String
            var ms: String = "filler"
            var d: Double
            var md: Double = 42.42
            enum CodingKeys: String, CodingKey { case s, d }
        }
        let encoded = try Firestore.Encoder().encode(Model(s: "abc", ms: "dummy", d: 123.3, md: 0))
        #expect(encoded == ["s": "abc", "d": 123.3])
        #expect(try Firestore.Decoder().decode(Model.self, from: encoded) == Model(s: "abc", d: 123.3))
    }

    // testNestedObjects
    @Test func nestedObjects() throws {
        struct SecondLevelNestedModel: Codable, Equatable {
            var age: Int8
            var weight: Double
        }
        struct NestedModel: Codable, Equatable {
            var group: String
            var groupList: [SecondLevelNestedModel]
            var groupMap: [String: SecondLevelNestedModel]
            var point: GeoPoint
        }
        struct Model: Codable, Equatable {
            var id: Int64
            var group: NestedModel
        }
        let point = GeoPoint(latitude: 12.0, longitude: 9.1)
        let model = Model(
            id: 123,
            group: NestedModel(
                group: "g1",
                groupList: [.init(age: 20, weight: 80.1), .init(age: 25, weight: 85.1)],
                groupMap: ["name1": .init(age: 30, weight: 64.2), "name2": .init(age: 35, weight: 79.2)],
                point: point))
        try assertRoundTrips(
            model,
            to: [
                "group": [
                    "group": "g1",
                    "point": .geoPoint(point),
                    "groupList": [["age": 20, "weight": 80.1], ["age": 25, "weight": 85.1]],
                    "groupMap": ["name1": ["age": 30, "weight": 64.2], "name2": ["age": 35, "weight": 79.2]],
                ],
                "id": 123,
            ])
    }

    // testCollapsingNestedObjects
    @Test func collapsingNestedObjects() throws {
        struct Model: Codable, Equatable {
            var id: Int64
            var name: String
            init(id: Int64, name: String) {
                self.id = id
                self.name = name
            }
            private enum CodingKeys: String, CodingKey { case id, nested }
            private enum NestedCodingKeys: String, CodingKey { case name }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decode(Int64.self, forKey: .id)
                name = try container.nestedContainer(keyedBy: NestedCodingKeys.self, forKey: .nested)
                    .decode(String.self, forKey: .name)
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                var nested = container.nestedContainer(keyedBy: NestedCodingKeys.self, forKey: .nested)
                try nested.encode(name, forKey: .name)
            }
        }
        try assertRoundTrips(Model(id: 12345, name: "ModelName"), to: ["id": 12345, "nested": ["name": "ModelName"]])
    }

    class SuperModel: Codable, Equatable {
        var superPower: Double? = 100.0
        var superName: String? = "superName"

        init(power: Double, name: String) {
            superPower = power
            superName = name
        }

        static func == (lhs: SuperModel, rhs: SuperModel) -> Bool {
            lhs.superName == rhs.superName && lhs.superPower == rhs.superPower
                && (lhs as? SubModel)?.timestamp == (rhs as? SubModel)?.timestamp
        }
    }

    final class SubModel: SuperModel {
        var timestamp: Timestamp? = Timestamp(seconds: 848_483_737, nanoseconds: 23423)

        init(power: Double, name: String, seconds: Int64, nano: Int32) {
            super.init(power: power, name: name)
            timestamp = Timestamp(seconds: seconds, nanoseconds: nano)
        }

        private enum CodingKeys: String, CodingKey { case timestamp }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            timestamp = try container.decode(Timestamp.self, forKey: .timestamp)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(timestamp, forKey: .timestamp)
            try super.encode(to: container.superEncoder())
        }
    }

    // testClassHierarchy
    @Test func classHierarchy() throws {
        let model = SubModel(power: 100, name: "name", seconds: 123_456_789, nano: 654_321)
        let encoded = try Firestore.Encoder().encode(model)
        #expect(
            encoded == [
                "super": ["superPower": 100.0, "superName": "name"],
                "timestamp": .timestamp(Timestamp(seconds: 123_456_789, nanoseconds: 654_321)),
            ])
        #expect(try Firestore.Decoder().decode(SubModel.self, from: encoded) == model)
    }

    // testEncodingEncodableArrayNotSupported
    @Test func encodingEncodableArrayNotSupported() {
        struct Model: Codable, Equatable { var name: String }
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode([Model(name: "1")]) }
    }

    // testFieldValuePassthrough
    @Test func fieldValuePassthrough() throws {
        struct Model: Encodable { var fieldValue: FirestoreValue }
        #expect(
            try Firestore.Encoder().encode(Model(fieldValue: FieldValue.delete())) == [
                "fieldValue": FieldValue.delete()
            ])
    }

    // testEncodingFieldValueNotEmbeddedThrows
    @Test func encodingFieldValueNotEmbeddedThrows() {
        #expect { _ = try Firestore.Encoder().encode(FieldValue.serverTimestamp()) } throws: { error in
            if case EncodingError.invalidValue = error { return true }
            return false
        }
    }

    // testServerTimestamp
    @Test func serverTimestamp() throws {
        struct Model: Codable, Equatable { @ServerTimestamp var timestamp: Timestamp? = nil }
        #expect(try Firestore.Encoder().encode(Model()) == ["timestamp": FieldValue.serverTimestamp()])
        let timestamp = Timestamp(seconds: 123_456_789, nanoseconds: 4321)
        try assertRoundTrips(Model(timestamp: timestamp), to: ["timestamp": .timestamp(timestamp)])
        #expect(try Firestore.Decoder().decode(Model.self, from: ["timestamp": .null]) == Model(timestamp: nil))
    }

    // testServerTimestampOfDate
    @Test func serverTimestampOfDate() throws {
        struct Model: Codable, Equatable { @ServerTimestamp var date: Date? = nil }
        #expect(try Firestore.Encoder().encode(Model()) == ["date": FieldValue.serverTimestamp()])
        let timestamp = Timestamp(seconds: 123_456_789, nanoseconds: 0)
        try assertRoundTrips(Model(date: timestamp.dateValue()), to: ["date": .timestamp(timestamp)])
        #expect(try Firestore.Decoder().decode(Model.self, from: ["date": .null]) == Model(date: nil))
    }

    // testServerTimestampUserType. The SDK's test conforms `String` itself; a wrapper type keeps that
    // conformance from leaking into the other tests of this target.
    @Test func serverTimestampUserType() throws {
        struct Model: Codable, Equatable { @ServerTimestamp var timestamp: ISODateString? = nil }
        #expect(try Firestore.Encoder().encode(Model()) == ["timestamp": FieldValue.serverTimestamp()])
        // The SDK expects 122_999_906 nanoseconds (its `Timestamp(date:)` keeps the double's error); Flint's
        // rounds the date to whole microseconds.
        let timestamp = Timestamp(seconds: 1_570_484_031, nanoseconds: 123_000_000)
        try assertRoundTrips(
            Model(timestamp: ISODateString(value: "2019-10-07T21:33:51.123Z")), to: ["timestamp": .timestamp(timestamp)]
        )
        #expect(throws: ISODateString.InvalidDate.self) {
            try Firestore.Encoder().encode(Model(timestamp: ISODateString(value: "Invalid date")))
        }
    }

    // testExplicitNull
    @Test func explicitNull() throws {
        struct Model: Codable, Equatable { @ExplicitNull var name: String? }
        try assertRoundTrips(Model(name: nil), to: ["name": .null])
        try assertRoundTrips(Model(name: "good name"), to: ["name": "good name"])
    }

    // testAutomaticallyPopulatesDocumentIDOnDocumentReference
    @Test func automaticallyPopulatesDocumentIDOnDocumentReference() throws {
        struct Model: Codable, Equatable {
            var name: String
            @DocumentID var docId: DocumentReference?
        }
        let reference = try docRef("abc/123")
        #expect(
            try Firestore.Decoder().decode(Model.self, from: ["name": "abc"], in: reference)
                == Model(name: "abc", docId: reference))
    }

    // testAutomaticallyPopulatesDocumentIDOnString
    @Test func automaticallyPopulatesDocumentIDOnString() throws {
        struct Model: Codable, Equatable {
            var name: String
            @DocumentID var docId: String?
        }
        #expect(
            try Firestore.Decoder().decode(Model.self, from: ["name": "abc"], in: try docRef("abc/123"))
                == Model(name: "abc", docId: "123"))
    }

    // testDocumentIDIgnoredInEncoding
    @Test func documentIDIgnoredInEncoding() throws {
        struct Model: Codable, Equatable {
            var name: String
            @DocumentID var docId: DocumentReference?
        }
        #expect(try Firestore.Encoder().encode(Model(name: "abc", docId: try docRef("abc/123"))) == ["name": "abc"])
    }

    // testDocumentIDWithJsonEncoderThrows
    @Test func documentIDWithJsonEncoderThrows() throws {
        let id = DocumentID(wrappedValue: try docRef("abc/xyz"))
        #expect { _ = try JSONEncoder().encode(id) } throws: { error in
            if case FirestoreEncodingError.encodingIsNotSupported = error { return true }
            return false
        }
    }

    // testDecodingDocumentIDWithConfictingFieldsDoesNotThrow
    @Test func decodingDocumentIDWithConflictingFieldsDoesNotThrow() throws {
        struct Model: Codable, Equatable {
            var name: String
            @DocumentID var docId: DocumentReference?
        }
        let reference = try docRef("abc/123")
        let model = try Firestore.Decoder().decode(
            Model.self, from: ["name": "abc", "docId": "Does not cause conflict"], in: reference)
        #expect(model.docId == reference)
    }
}

/// A `String` holding an ISO 8601 date, as the SDK's test's `String: ServerTimestampWrappable` extension.
struct ISODateString: Codable, Equatable, ServerTimestampWrappable {
    struct InvalidDate: Error {}

    var value: String

    /// The SDK test's formatter (made per call: formatters are not `Sendable`).
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .iso8601)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"
        return formatter
    }

    static func wrap(_ timestamp: Timestamp) throws -> Self {
        ISODateString(value: formatter().string(from: timestamp.dateValue()))
    }

    static func unwrap(_ value: Self) throws -> Timestamp {
        guard let date = formatter().date(from: value.value) else { throw InvalidDate() }
        return try Timestamp(date: date)
    }
}
