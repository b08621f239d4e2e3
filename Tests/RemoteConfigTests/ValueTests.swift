// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct ValueTests {
    @Test func aKeyWithNoValueIsTheEmptyStaticValue() throws {
        let config = try RemoteConfigRig().remoteConfig
        let value = config["missing"]
        #expect(value.source == .static)
        #expect(value.stringValue == "")
        #expect(value.numberValue == 0)
        #expect(value.boolValue == false)
        #expect(value.dataValue.isEmpty)
        #expect(value.jsonValue == nil)
    }

    @Test func booleansFollowNSStringBoolValue() {
        let truthy = ["true", "TRUE", "t", "yes", "Y", "1", "  7", "+9", "0001", "trouble"]
        let falsy = ["false", "no", "0", "", "off", "-0", "nah", "000"]
        for text in truthy { #expect(RemoteConfigValue(data: Data(text.utf8), source: .remote).boolValue, "\(text)") }
        for text in falsy { #expect(!RemoteConfigValue(data: Data(text.utf8), source: .remote).boolValue, "\(text)") }
    }

    @Test func numbersAreTheLeadingDecimalNumber() {
        let cases: [(String, Double)] = [
            ("42", 42), ("3.5", 3.5), (" -2e3", -2000), ("12abc", 12), ("abc", 0), ("", 0), ("0x10", 0),
        ]
        for (text, number) in cases {
            #expect(
                RemoteConfigValue(data: Data(text.utf8), source: .remote).numberValue.doubleValue == number, "\(text)")
        }
    }

    @Test func jsonValuesParseAnyTopLevelValue() throws {
        let object = RemoteConfigValue(data: Data(#"{"a":[1,2]}"#.utf8), source: .remote).jsonValue as? [String: Any]
        #expect((object?["a"] as? [Int]) == [1, 2])
        #expect(RemoteConfigValue(data: Data("not json".utf8), source: .remote).jsonValue == nil)
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(RemoteConfigValue(data: Data(deep.utf8), source: .remote).jsonValue == nil)
    }

    struct Banner: Codable, Equatable {
        var title: String
        var count: Int
    }

    @Test func valuesDecodeAsDecodableTypes() throws {
        let value = RemoteConfigValue(data: Data(#"{"title":"Sale","count":3}"#.utf8), source: .remote)
        #expect(try value.decoded(asType: Banner.self) == Banner(title: "Sale", count: 3))
        #expect(try RemoteConfigValue(data: Data("hi".utf8), source: .remote).decoded(asType: String.self) == "hi")
        #expect(try RemoteConfigValue(data: Data("true".utf8), source: .remote).decoded(asType: Bool.self))
        #expect(try RemoteConfigValue(data: Data("12".utf8), source: .remote).decoded(asType: Int.self) == 12)
    }

    @Test func aValueThatDoesNotDecodeNamesTheType() {
        let value = RemoteConfigValue(data: Data(#"{"title":1}"#.utf8), source: .remote)
        #expect {
            try value.decoded(asType: Banner.self)
        } throws: { error in
            guard case RemoteConfigValueCodableError.valueNotDecodable(let type, _) = error else { return false }
            return type == "Banner"
        }
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(throws: RemoteConfigValueCodableError.self) {
            try RemoteConfigValue(data: Data(deep.utf8), source: .remote).decoded(asType: [[Int]].self)
        }
    }
}
