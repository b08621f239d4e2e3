// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase iOS SDK's `FirebaseRemoteConfig/Tests/Swift/SwiftAPI/Value.swift`, against the embedded
/// backend serving the SDK's fake console values (`Constants.swift`).
@Suite struct SDKSwiftAPIValueTests {
    /// The SDK's fake console config.
    static let values = [
        "myString": "string contents", "myInt": "123", "myFloat": "42.75", "myDecimal": "375.785", "myTrue": "true",
        "myFalse": "false", "myData": "data", "notJSON": "notJSON",
        "Recipe": #"{"recipeName":"PB&J","ingredients":["bread","peanut butter","jelly"],"cookTime":7}"#,
    ]

    /// A rig whose config (fetched and activated) is the SDK's fake console config.
    static func consoleRig() async throws -> RemoteConfigRig {
        let rig = try RemoteConfigRig(backend: LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: values)))
        #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
        return rig
    }

    /// `testFetchAndActivateAllTypes`: every reading of every kind of value.
    @Test func everyReadingOfEveryKindOfValue() async throws {
        let config = try await Self.consoleRig().remoteConfig
        #expect(config["myString"].stringValue == "string contents")
        let int = config["myInt"].numberValue
        #expect(int.intValue == 123 && int.int8Value == 123 && int.int16Value == 123 && int.int32Value == 123)
        #expect(int.int64Value == 123 && int.uintValue == 123 && int.uint8Value == 123 && int.uint16Value == 123)
        #expect(int.uint32Value == 123 && int.uint64Value == 123)
        #expect(config["myFloat"].numberValue.floatValue == 42.75)
        #expect(config["myFloat"].numberValue.doubleValue == 42.75)
        #expect(config["myTrue"].boolValue)
        #expect(!config["myFalse"].boolValue)
        #expect(config["myString"].dataValue == Data("string contents".utf8))
        #expect((config["Recipe"].jsonValue as? [String: Any])?["cookTime"] as? Int == 7)
    }

    /// `testStrongTypingViaSubscriptApi`, `testStringFails`, `testJSONFails`: the typed subscripts.
    @Test func typedSubscripts() async throws {
        let config = try await Self.consoleRig().remoteConfig
        #expect(config[decodedValue: "myString"] == "string contents")
        #expect(config[decodedValue: "myInt"] == 123)
        #expect(config[decodedValue: "myFloat"] == Float(42.75))
        #expect(config[decodedValue: "myFloat"] == 42.75)
        #expect(config[decodedValue: "myTrue"] == true)
        #expect(config[decodedValue: "myFalse"] == false)
        #expect(config[decodedValue: "myString"] == Data("string contents".utf8))
        #expect(config[jsonValue: "Recipe"]?["recipeName"] as? String == "PB&J")
        #expect(config[decodedValue: "UndefinedKey"] == "")
        #expect(config[jsonValue: "UndefinedKey"] == nil)
        #expect(config[jsonValue: "myString"] == nil)
    }

    /// `testStrongTypingViaDecoder`, `testStrongTypingViaDecoderAlternateDecoderApi`: `decoded(asType:)` for every
    /// integer width, floating-point type, `Decimal`, `Bool` and `Data`.
    @Test func decodingAsEveryPrimitiveType() async throws {
        let config = try await Self.consoleRig().remoteConfig
        let int = config["myInt"]
        #expect(try int.decoded(asType: Int.self) == 123)
        #expect(try int.decoded(asType: Int8.self) == 123)
        #expect(try int.decoded(asType: Int16.self) == 123)
        #expect(try int.decoded(asType: Int32.self) == 123)
        #expect(try int.decoded(asType: Int64.self) == 123)
        #expect(try int.decoded(asType: UInt.self) == 123)
        #expect(try int.decoded(asType: UInt8.self) == 123)
        #expect(try int.decoded(asType: UInt16.self) == 123)
        #expect(try int.decoded(asType: UInt32.self) == 123)
        #expect(try int.decoded(asType: UInt64.self) == 123)
        #expect(try config["myFloat"].decoded(asType: Decimal.self) == Decimal(42.75))
        #expect(try config["myFloat"].decoded(asType: Float.self) == 42.75)
        #expect(try config["myFloat"].decoded(asType: Double.self) == 42.75)
        #expect(try config["myTrue"].decoded(asType: Bool.self))
        #expect(try !config["myFalse"].decoded(asType: Bool.self))
        #expect(try config["myString"].decoded(asType: Data.self) == Data("string contents".utf8))
        let string: String = try config["myString"].decoded()
        #expect(string == "string contents")
    }

    /// `testDateDecodingNotYetSupported`: decoding a `Date` is refused.
    @Test func decodingADateIsRefused() async throws {
        let config = try await Self.consoleRig().remoteConfig
        #expect {
            _ = try config["myString"].decoded(asType: Date.self)
        } throws: { error in
            guard case RemoteConfigValueCodableError.unsupportedType(let message) = error else { return false }
            return message.hasPrefix("Date type is not currently supported for ")
        }
    }
}
