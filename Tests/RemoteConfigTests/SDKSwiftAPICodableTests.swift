// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase iOS SDK's `FirebaseRemoteConfig/Tests/Swift/SwiftAPI/Codable.swift`, against the SDK's fake
/// console config (``SDKSwiftAPIValueTests/values``). Flint's decoding errors are typed
/// (``RemoteConfigCodableError/valueNotDecodable(type:reason:)``) where the SDK rethrows `DecodingError`s, and it
/// takes no injected encoder or decoder (`testDateEncodingAndDecodingWithNonDefaultCoders` is not ported).
@Suite struct SDKSwiftAPICodableTests {
    struct Recipe: Decodable, Equatable {
        var recipeName: String
        var ingredients: [String]
        var cookTime: Int
    }

    /// `testFetchAndActivateWithoutCodable`, `testFetchAndActivateWithCodable`,
    /// `testFetchAndActivateWithCodableAlternativeAPI`: a JSON value, as a dictionary and decoded.
    @Test func aJSONValueDecodes() async throws {
        let config = try await SDKSwiftAPIValueTests.consoleRig().remoteConfig
        let dictionary = try #require(config[jsonValue: "Recipe"])
        #expect(dictionary["recipeName"] as? String == "PB&J")
        #expect(dictionary["ingredients"] as? [String] == ["bread", "peanut butter", "jelly"])
        #expect(dictionary["cookTime"] as? Int == 7)
        let expected = Recipe(recipeName: "PB&J", ingredients: ["bread", "peanut butter", "jelly"], cookTime: 7)
        #expect(try config["Recipe"].decoded(asType: Recipe.self) == expected)
        let recipe: Recipe = try config["Recipe"].decoded()
        #expect(recipe == expected)
    }

    /// `testFetchAndActivateWithCodableBadJson`: a value that is not JSON does not decode as a struct.
    @Test func aValueThatIsNotJSONDoesNotDecode() async throws {
        let config = try await SDKSwiftAPIValueTests.consoleRig().remoteConfig
        #expect(throws: RemoteConfigValueCodableError.self) { try config["notJSON"].decoded(asType: Recipe.self) }
    }

    struct DataTestDefaults: Encodable {
        var bool: Bool
        var int: Int32
        var long: Int64
        var string: String
    }

    /// `testSetEncodeableDefaults`: an Encodable's properties become defaults; its booleans read as numbers too.
    @Test func encodableDefaults() throws {
        let config = try RemoteConfigRig().remoteConfig
        try config.setDefaults(from: DataTestDefaults(bool: true, int: 2, long: 9_876_543_210, string: "four"))
        #expect(try #require(config.defaultValue(forKey: "bool")).numberValue.boolValue)
        #expect(try #require(config.defaultValue(forKey: "int")).numberValue.intValue == 2)
        #expect(try #require(config.defaultValue(forKey: "long")).numberValue.int64Value == 9_876_543_210)
        #expect(try #require(config.defaultValue(forKey: "string")).stringValue == "four")
    }

    /// `testSetEncodeableDefaultsInvalid`: a value that does not encode to a dictionary is refused, with the SDK's
    /// message.
    @Test func anEncodableThatIsNotADictionaryIsRefused() throws {
        let config = try RemoteConfigRig().remoteConfig
        #expect(
            throws: RemoteConfigCodableError.invalidSetDefaultsInput(
                "The setDefaults input: 7, must be a Struct that encodes to a Dictionary")
        ) {
            try config.setDefaults(from: 7)
        }
    }

    struct MyConfig: Decodable {
        var recipe: Recipe
        var notJSON: String
        var myInt: Int
        var myFloat: Float
        var myDecimal: Decimal
        var myTrue: Bool
        var myData: Data

        enum CodingKeys: String, CodingKey {
            case recipe = "Recipe"
            case notJSON, myInt, myFloat, myDecimal, myTrue, myData
        }
    }

    /// `testExtractConfig`, `testExtractConfigExtra`: the whole config decodes as a struct; extra keys are ignored.
    @Test func theWholeConfigDecodes() async throws {
        let config = try await SDKSwiftAPIValueTests.consoleRig().remoteConfig
        let decoded: MyConfig = try config.decoded()
        #expect(decoded.notJSON == "notJSON")
        #expect(decoded.myInt == 123)
        #expect(decoded.myTrue)
        #expect(decoded.myFloat == 42.75)
        #expect(decoded.myDecimal == Decimal(375.785))
        #expect(decoded.myData == Data("data".utf8))
        #expect(
            decoded.recipe == Recipe(recipeName: "PB&J", ingredients: ["bread", "peanut butter", "jelly"], cookTime: 7))
    }

    /// `testExtractConfigMissing`: a property with no key fails, naming the key.
    @Test func aMissingKeyFailsTheWholeConfig() async throws {
        struct Missing: Decodable {
            var missing: String
            var notJSON: String
        }
        let config = try await SDKSwiftAPIValueTests.consoleRig().remoteConfig
        #expect {
            _ = try config.decoded(asType: Missing.self)
        } throws: { error in
            guard case RemoteConfigCodableError.valueNotDecodable(let type, let reason) = error else { return false }
            return type == "Missing" && reason.contains("missing")
        }
    }

    /// `testCodableAfterPlistDefaults`: defaults from a plist decode as a struct.
    @Test func plistDefaultsDecode() throws {
        struct Defaults: Decodable {
            let format: String
            let isPaidUser: Bool
            let newItem: Double
            let languages: String
            let dictValue: [String: String]
            let arrayValue: [String]
            let arrayIntValue: [Int]

            enum CodingKeys: String, CodingKey {
                case format, isPaidUser, newItem
                case languages = "Languages"
                case dictValue, arrayValue, arrayIntValue
            }
        }
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = directory.appendingPathComponent("Defaults-testInfo.plist")
        let contents: [String: Any] = [
            "format": "key to value.", "isPaidUser": true, "newItem": 2.4, "Languages": "English",
            "dictValue": ["foo": "foo", "bar": "bar", "baz": "baz"], "arrayValue": ["foo", "bar", "baz"],
            "arrayIntValue": [1, 2, 0, 3],
        ]
        try PropertyListSerialization.data(fromPropertyList: contents, format: .xml, options: 0).write(to: plist)
        let config = try RemoteConfigRig().remoteConfig
        try config.setDefaults(fromPlist: plist)
        let defaults: Defaults = try config.decoded()
        #expect(defaults.format == "key to value.")
        #expect(defaults.isPaidUser)
        #expect(defaults.newItem == 2.4)
        #expect(defaults.languages == "English")
        #expect(defaults.dictValue == ["foo": "foo", "bar": "bar", "baz": "baz"])
        #expect(defaults.arrayValue == ["foo", "bar", "baz"])
        #expect(defaults.arrayIntValue == [1, 2, 0, 3])
    }
}
