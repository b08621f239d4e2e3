// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase iOS SDK's `FirebaseRemoteConfig/Tests/Unit/RCNConfigValueTest.m`.
@Suite struct SDKConfigValueTests {
    private func value(_ text: String) -> RemoteConfigValue {
        RemoteConfigValue(data: Data(text.utf8), source: .remote)
    }

    /// `testConfigValueWithDifferentValueTypes`: string, data, number and boolean views of one value, `NO` is
    /// false, and JSON objects and arrays come back as parsed.
    @Test func aValueReadsAsStringDataNumberBooleanAndJSON() throws {
        let third = value("0.33333")
        #expect(third.stringValue == "0.33333")
        #expect(third.dataValue == Data("0.33333".utf8))
        #expect(third.numberValue.doubleValue == 0.33333)
        #expect(third.boolValue == false)  // NSString("0.33333").boolValue: a leading zero, then "."
        #expect(value("NO").boolValue == false)

        let object = try #require(value(#"{"key1":"value1"}"#).jsonValue as? [String: String])
        #expect(object == ["key1": "value1"])
        let array = try #require(
            value(#"[{"key1":"value1"},{"key2":"value2"}]"#).jsonValue as? [[String: String]])
        #expect(array == [["key1": "value1"], ["key2": "value2"]])
    }

    /// `testFIRRemoteConfigValueToNumber`: floats, doubles, 32-bit and 64-bit integers read as `NSString` reads them.
    @Test func numbersKeepTheirPrecision() {
        #expect(value("0.33").numberValue.floatValue == Float(0.33))
        #expect(value("3.14159265358979").numberValue.doubleValue == 3.14159265358979)
        #expect(value("1000000000").numberValue.int32Value == 1_000_000_000)
        #expect(value("1000000000123").numberValue.int64Value == 1_000_000_000_123)
    }
}
