// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase iOS SDK's `FirebaseRemoteConfig/Tests/SwiftUnit/ConfigValueTests.swift` (the Swift
/// `RemoteConfigValue`). `testCopy` and the `nil`-data tests have no Flint counterpart: the value is a struct whose
/// data is never nil.
@Suite struct SDKSwiftConfigValueTests {
    private func value(_ data: Data) -> RemoteConfigValue { RemoteConfigValue(data: data, source: .remote) }
    private func value(_ text: String) -> RemoteConfigValue { value(Data(text.utf8)) }

    /// `testStringValue_validUTF8Data`, `testStringValue_invalidUTF8Data`, `testStringValue_emptyData`.
    @Test func stringsAreUTF8AndEmptyOtherwise() {
        #expect(value("test string").stringValue == "test string")
        #expect(value(Data([0xFA, 0xDE, 0xD0, 0x0D])).stringValue == "")
        #expect(value(Data()).stringValue == "")
    }

    /// `testNumberValue_validDoubleString`, `testNumberValue_invalidDoubleString`, `testNumberValue_emptyData`.
    @Test func numbersAreZeroForNonNumbers() {
        #expect(value("123.45").numberValue == 123.45)
        #expect(value("not a number").numberValue == 0)
        #expect(value(Data()).numberValue == 0)
    }

    /// `testBoolValue_trueValues`, `testBoolValue_falseValues`, `testBoolValue_emptyData`.
    @Test func booleans() {
        for text in ["true", "TRUE", "1", "yes", "YES", "y", "Y"] { #expect(value(text).boolValue, "\(text)") }
        for text in ["false", "FALSE", "0", "no", "NO", "n", "N", "other", ""] {
            #expect(!value(text).boolValue, "\(text)")
        }
    }

    /// `testJsonValue_validJSON`, `testJsonValue_invalidJSON`, `testJsonValue_emptyData`.
    @Test func jsonOrNil() {
        #expect(value(#"{"key":"value"}"#).jsonValue as? [String: String] == ["key": "value"])
        #expect(value("invalid json").jsonValue == nil)
        #expect(value(Data()).jsonValue == nil)
    }

    /// `testDebugDescription`: the description lists the readings and the source.
    @Test func theDebugDescriptionListsEveryReading() {
        let description = value("test").debugDescription
        #expect(description.hasPrefix("<RemoteConfigValue: "))
        #expect(description.contains("String: test"))
        #expect(description.contains("Boolean: true"))
        #expect(description.contains("Source: 0"))
    }
}
