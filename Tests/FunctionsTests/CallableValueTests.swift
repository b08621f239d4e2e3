// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintFunctions

@Suite("CallableValue")
struct CallableValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let value: CallableValue = [
            "null": nil, "bool": true, "int": 3, "double": 1.5, "string": "s", "array": [1, "a"],
        ]
        #expect(
            value
                == .object([
                    "null": .null, "bool": .bool(true), "int": .int(3), "double": .double(1.5), "string": .string("s"),
                    "array": .array([.int(1), .string("a")]),
                ]))
    }

    @Test func accessorsReadTheirOwnCaseOnly() {
        let value: CallableValue = ["n": 2, "d": 2.5, "s": "x", "b": false, "a": [7]]
        #expect(value["n"]?.intValue == 2)
        #expect(value["n"]?.doubleValue == 2.0)
        #expect(value["d"]?.intValue == nil)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["b"]?.boolValue == false)
        #expect(value["a"]?[0] == .int(7))
        #expect(value["a"]?[1] == nil)
        #expect(value["missing"] == nil)
        #expect(value.arrayValue == nil)
        #expect(CallableValue.null.isNull)
    }

    @Test func jsonNumbersDecodeAsIntWhenIntegralAndInRange() throws {
        let value = try CallableValue(jsonData: Data(#"[1, 2.0, 1.5, 9223372036854775808, -3, true, null, "x"]"#.utf8))
        #expect(
            value == [.int(1), .int(2), .double(1.5), .double(9_223_372_036_854_775_808), .int(-3), true, nil, "x"])
    }

    @Test func jsonEncodingIsCompactWithSortedKeys() throws {
        let value: CallableValue = ["b": [1, 2.5], "a": "x/y", "c": nil]
        #expect(String(decoding: try value.jsonData(), as: UTF8.self) == #"{"a":"x/y","b":[1,2.5],"c":null}"#)
        #expect(value.description == #"{"a":"x/y","b":[1,2.5],"c":null}"#)
    }

    @Test func intValuesAreWrappedAsInt64ValueOnTheWire() {
        let value: CallableValue = ["n": 5, "list": [.int(Int64.max), 1.5], "s": "5"]
        #expect(
            CallableSerializer.encode(value) == [
                "n": ["@type": "type.googleapis.com/google.protobuf.Int64Value", "value": "5"],
                "list": [
                    ["@type": "type.googleapis.com/google.protobuf.Int64Value", "value": "9223372036854775807"], 1.5,
                ],
                "s": "5",
            ])
    }

    @Test func wrappedIntegersAreUnwrapped() throws {
        let wire: CallableValue = [
            "a": ["@type": "type.googleapis.com/google.protobuf.Int64Value", "value": "-9223372036854775808"],
            "b": [["@type": "type.googleapis.com/google.protobuf.UInt64Value", "value": "7"]],
        ]
        #expect(try CallableSerializer.decode(wire) == ["a": .int(Int64.min), "b": [7]])
    }

    @Test func roundTripThroughTheWireFormatIsLossless() throws {
        let value: CallableValue = ["big": .int(Int64.max), "small": .int(Int64.min), "nested": [["x": 1]], "d": 0.25]
        #expect(try CallableSerializer.decode(CallableSerializer.encode(value)) == value)
    }

    @Test func unknownWrapperTypesStayObjects() throws {
        let wire: CallableValue = [
            "@type": "type.googleapis.com/google.protobuf.Timestamp", "value": "2024-01-01T00:00:00Z",
        ]
        #expect(try CallableSerializer.decode(wire) == wire)
        let notString: CallableValue = ["@type": "type.googleapis.com/google.protobuf.Int64Value", "value": 5]
        #expect(try CallableSerializer.decode(notString) == notString)
    }

    @Test func anInvalidInt64WrapperIsAnError() {
        let wire: CallableValue = ["@type": "type.googleapis.com/google.protobuf.Int64Value", "value": "12x"]
        #expect(throws: CallableSerializer.InvalidWrappedValue(type: CallableSerializer.int64Type, value: "12x")) {
            try CallableSerializer.decode(wire)
        }
    }

    @Test func theRequestBodyIsDataWithWrappedIntegers() throws {
        let body = try CallableSerializer.requestBody(["count": 3, "on": true])
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"data":{"count":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"3"},"on":true}}"#
        )
    }

    @Test func aNonFiniteNumberCannotBeSent() {
        #expect(throws: FunctionsError.self) { try CallableSerializer.requestBody(["x": .double(.nan)]) }
        let error = #expect(throws: FunctionsError.self) { try CallableSerializer.requestBody(.double(.infinity)) }
        #expect(error?.code == .invalidArgument)
    }
}
