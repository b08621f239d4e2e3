// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// `Firestore.Encoder` / `Firestore.Decoder` strategies and user info (the SDK's FirebaseDataEncoder options,
/// which its own tests do not cover).
@Suite(.timeLimit(.minutes(3)))
struct CodableStrategyTests {
    struct Profile: Codable, Equatable {
        var firstName: String
        var homeURLPath: String
        var tagsByKind: [String: Int]
    }

    @Test func snakeCaseKeysConvertBothWaysButDictionaryKeysStay() throws {
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let profile = Profile(firstName: "Ada", homeURLPath: "/ada", tagsByKind: ["someKind": 1])
        let fields = try encoder.encode(profile)
        #expect(fields == ["first_name": "Ada", "home_url_path": "/ada", "tags_by_kind": ["someKind": 1]])
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        // `home_url_path` reads back as `homeUrlPath`, as with JSONDecoder; the type's key must say so.
        struct Read: Codable, Equatable {
            var firstName: String
            var homeUrlPath: String
            var tagsByKind: [String: Int]
        }
        #expect(
            try decoder.decode(Read.self, from: fields)
                == Read(firstName: "Ada", homeUrlPath: "/ada", tagsByKind: ["someKind": 1]))
        // Without the strategy the snake-case fields are not found.
        #expect(throws: DecodingError.self) { try Firestore.Decoder().decode(Read.self, from: fields) }
    }

    @Test func snakeCaseConversionKeepsUnderscoresAtTheEnds() {
        #expect(SnakeCaseKeys.fromCamelCase("oneTwoThree") == "one_two_three")
        #expect(SnakeCaseKeys.fromCamelCase("_oneTwoThree_") == "_one_two_three_")
        #expect(SnakeCaseKeys.fromCamelCase("myURLProperty") == "my_url_property")
        #expect(SnakeCaseKeys.fromCamelCase("lowercase") == "lowercase")
        #expect(SnakeCaseKeys.toCamelCase("one_two_three") == "oneTwoThree")
        #expect(SnakeCaseKeys.toCamelCase("_one_two_") == "_oneTwo_")
        #expect(SnakeCaseKeys.toCamelCase("single") == "single")
        #expect(SnakeCaseKeys.toCamelCase("___") == "___")
    }

    @Test func customKeyStrategiesSeeTheCodingPath() throws {
        struct Model: Codable, Equatable { var name: String }
        let encoder = Firestore.Encoder()
        encoder.keyEncodingStrategy = .custom { path in
            StringCodingKey(stringValue: path.last!.stringValue.uppercased())
        }
        #expect(try encoder.encode(Model(name: "x")) == ["NAME": "x"])
        let decoder = Firestore.Decoder()
        decoder.keyDecodingStrategy = .custom { path in
            StringCodingKey(stringValue: path.last!.stringValue.lowercased())
        }
        #expect(try decoder.decode(Model.self, from: ["NAME": "x"]) == Model(name: "x"))
    }

    @Test func dateStrategies() throws {
        struct Model: Codable, Equatable { var date: Date }
        let date = Date(timeIntervalSince1970: 1_000)
        let encoder = Firestore.Encoder()
        let decoder = Firestore.Decoder()
        #expect(
            try encoder.encode(Model(date: date)) == ["date": .timestamp(Timestamp(seconds: 1_000, nanoseconds: 0))])
        encoder.dateEncodingStrategy = .secondsSince1970
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try encoder.encode(Model(date: date)) == ["date": 1000.0])
        #expect(try decoder.decode(Model.self, from: ["date": 1000.0]) == Model(date: date))
        encoder.dateEncodingStrategy = .millisecondsSince1970
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try encoder.encode(Model(date: date)) == ["date": 1_000_000.0])
        #expect(try decoder.decode(Model.self, from: ["date": 1_000_000]) == Model(date: date))
        encoder.dateEncodingStrategy = .iso8601
        decoder.dateDecodingStrategy = .iso8601
        #expect(try encoder.encode(Model(date: date)) == ["date": "1970-01-01T00:16:40Z"])
        #expect(try decoder.decode(Model.self, from: ["date": "1970-01-01T00:16:40Z"]) == Model(date: date))
        #expect(throws: DecodingError.self) { try decoder.decode(Model.self, from: ["date": "yesterday"]) }
        // A timestamp decodes as a Date whatever the strategy (the SDK's `timestamp(fallback:)`).
        #expect(
            try decoder.decode(Model.self, from: ["date": .timestamp(Timestamp(seconds: 1_000, nanoseconds: 0))])
                == Model(date: date))
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("at \(Int(date.timeIntervalSince1970))")
        }
        #expect(try encoder.encode(Model(date: date)) == ["date": "at 1000"])
        decoder.dateDecodingStrategy = .timestamp(fallback: .secondsSince1970)
        #expect(try decoder.decode(Model.self, from: ["date": 1000]) == Model(date: date))
    }

    @Test func dataStrategies() throws {
        struct Model: Codable, Equatable { var data: Data }
        let model = Model(data: Data([1, 2, 255]))
        #expect(try Firestore.Encoder().encode(model) == ["data": .bytes(Data([1, 2, 255]))])
        let encoder = Firestore.Encoder()
        encoder.dataEncodingStrategy = .base64
        let decoder = Firestore.Decoder()
        decoder.dataDecodingStrategy = .base64
        #expect(try encoder.encode(model) == ["data": "AQL/"])
        #expect(try decoder.decode(Model.self, from: ["data": "AQL/"]) == model)
        #expect(throws: DecodingError.self) { try decoder.decode(Model.self, from: ["data": "not base64!"]) }
        encoder.dataEncodingStrategy = .deferredToData
        decoder.dataDecodingStrategy = .deferredToData
        #expect(try encoder.encode(model) == ["data": [1, 2, 255]])
        #expect(try decoder.decode(Model.self, from: ["data": [1, 2, 255]]) == model)
    }

    @Test func nonConformingFloatsThrowByDefaultOrBecomeStrings() throws {
        struct Model: Codable {
            var value: Double
            var values: [Float]
        }
        #expect {
            try Firestore.Encoder().encode(Model(value: .nan, values: []))
        } throws: { error in
            if case EncodingError.invalidValue = error { return true }
            return false
        }
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode(Model(value: 1, values: [.infinity])) }
        let encoder = Firestore.Encoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect(
            try encoder.encode(Model(value: -.infinity, values: [.infinity, .nan]))
                == ["value": "-inf", "values": ["+inf", "nan"]])
        let decoder = Firestore.Decoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let decoded = try decoder.decode(Model.self, from: ["value": "-inf", "values": ["+inf", "nan"]])
        #expect(decoded.value == -.infinity && decoded.values[0] == .infinity && decoded.values[1].isNaN)
        #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Model.self, from: ["value": "-inf", "values": []])
        }
        // Stored NaNs decode whatever the strategy.
        #expect(try Firestore.Decoder().decode(Model.self, from: ["value": .double(.nan), "values": []]).value.isNaN)
    }

    @Test func userInfoReachesTheCodedTypes() throws {
        let key = CodingUserInfoKey(rawValue: "unit")!
        struct Length: Codable, Equatable {
            var meters: Double
            init(meters: Double) { self.meters = meters }
            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer().decode(Double.self)
                meters =
                    decoder.userInfo[CodingUserInfoKey(rawValue: "unit")!] as? String == "km" ? value * 1000 : value
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                let km = encoder.userInfo[CodingUserInfoKey(rawValue: "unit")!] as? String == "km"
                try container.encode(km ? meters / 1000 : meters)
            }
        }
        struct Model: Codable, Equatable { var length: Length }
        let encoder = Firestore.Encoder()
        encoder.userInfo = [key: "km"]
        #expect(try encoder.encode(Model(length: Length(meters: 2000))) == ["length": 2.0])
        let decoder = Firestore.Decoder()
        decoder.userInfo[key] = "km"
        #expect(try decoder.decode(Model.self, from: ["length": 2.0]) == Model(length: Length(meters: 2000)))
    }

    @Test func anEncoderIsReusableAndItsSettingsApplyFromTheNextCall() throws {
        struct Model: Codable { var someField: Int }
        let encoder = Firestore.Encoder()
        #expect(try encoder.encode(Model(someField: 1)) == ["someField": 1])
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try encoder.encode(Model(someField: 1)) == ["some_field": 1])
    }
}
