// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// Integers on the wire as Firebase's serializer sends them: 64-bit ones wrapped (`Int64Value`, `UInt64Value`),
/// narrower ones as plain numbers.
@Suite("Integer widths on the wire")
struct IntegerEncodingTests {
    static let int64 = "type.googleapis.com/google.protobuf.Int64Value"
    static let uint64 = "type.googleapis.com/google.protobuf.UInt64Value"

    @Test func eachIntegerTypeGetsItsCase() {
        #expect(CallableValue(Int(-1)) == .int(-1))
        #expect(CallableValue(Int64.max) == .int(.max))
        #expect(CallableValue(UInt(7)) == .uint(7))
        #expect(CallableValue(UInt64.max) == .uint(.max))
        #expect(CallableValue(Int32.min) == .int32(.min))
        #expect(CallableValue(Int16(-2)) == .int32(-2))
        #expect(CallableValue(Int8(-3)) == .int32(-3))
        #expect(CallableValue(UInt32.max) == .uint32(.max))
        #expect(CallableValue(UInt16(4)) == .uint32(4))
        #expect(CallableValue(UInt8(5)) == .uint32(5))
        #expect(CallableValue(5) != CallableValue(Int32(5)))
        #expect(CallableValue(Int32(5)).intValue == 5 && CallableValue(UInt64(6)).intValue == 6)
        #expect(
            CallableValue(UInt64.max).intValue == nil && CallableValue(UInt64.max).doubleValue == Double(UInt64.max))
    }

    @Test func wideIntegersAreWrappedAndNarrowOnesArePlainNumbers() async throws {
        let transport = RecordingTransport()
        let data: CallableValue = [
            "int": CallableValue(Int(1)), "int64": CallableValue(Int64(2)), "uint": CallableValue(UInt(3)),
            "uint64": CallableValue(UInt64.max), "int32": CallableValue(Int32(-4)),
            "int16": CallableValue(Int16(5)), "int8": CallableValue(Int8(-6)),
            "uint32": CallableValue(UInt32.max), "uint16": CallableValue(UInt16(7)),
            "uint8": CallableValue(UInt8(8)),
        ]
        _ = try await functions(using: transport).httpsCallable("f").call(data)
        let body = try CallableValue(jsonData: try #require(transport.onlyRequest).body)
        #expect(
            body == [
                "data": [
                    "int": ["@type": .string(Self.int64), "value": "1"],
                    "int64": ["@type": .string(Self.int64), "value": "2"],
                    "uint": ["@type": .string(Self.uint64), "value": "3"],
                    "uint64": ["@type": .string(Self.uint64), "value": "18446744073709551615"],
                    "int32": -4, "int16": 5, "int8": -6, "uint32": 4_294_967_295, "uint16": 7, "uint8": 8,
                ]
            ])
        #expect(transport.onlyRequest?.bodyText.contains(#""int32":-4"#) == true)
    }

    struct Widths: Encodable {
        var int = 1
        var int64: Int64 = 2
        var uint: UInt = 3
        var uint64: UInt64 = 4
        var int32: Int32 = 5
        var int16: Int16 = 6
        var int8: Int8 = 7
        var uint32: UInt32 = 8
        var uint16: UInt16 = 9
        var uint8: UInt8 = 10
        var list: [Int32] = [11]
        var nested: [String: UInt64] = ["n": 12]
    }

    @Test func aCodableRequestKeepsItsIntegerWidths() async throws {
        let transport = RecordingTransport()
        let callable = try functions(using: transport).httpsCallable(
            "f", requestAs: Widths.self, responseAs: CallableValue.self)
        _ = try await callable(Widths())
        let body = try CallableValue(jsonData: try #require(transport.onlyRequest).body)
        #expect(
            body == [
                "data": [
                    "int": ["@type": .string(Self.int64), "value": "1"],
                    "int64": ["@type": .string(Self.int64), "value": "2"],
                    "uint": ["@type": .string(Self.uint64), "value": "3"],
                    "uint64": ["@type": .string(Self.uint64), "value": "4"],
                    "int32": 5, "int16": 6, "int8": 7, "uint32": 8, "uint16": 9, "uint8": 10, "list": [11],
                    "nested": ["n": ["@type": .string(Self.uint64), "value": "12"]],
                ]
            ])
    }

    struct Dated: Encodable {
        let createdAt: Date
        let blob: Data
        let ratio: Float
        let smallCount: Int16
    }

    @Test func theJSONEncodersStrategiesStillApply() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.dataEncodingStrategy = .base64
        let value = try CallableValueEncoder(json: encoder)
            .encode(Dated(createdAt: Date(timeIntervalSince1970: 10), blob: Data([1, 2]), ratio: 0.1, smallCount: 3))
        #expect(value == ["created_at": 10, "blob": "AQI=", "ratio": 0.1, "small_count": .int32(3)])
    }

    @Test func aNonFiniteFloatFailsAsWithJSONEncoder() throws {
        #expect(throws: EncodingError.self) { try CallableValueEncoder(json: JSONEncoder()).encode([Double.nan]) }
        let lenient = JSONEncoder()
        lenient.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        #expect(try CallableValueEncoder(json: lenient).encode([Double.infinity]) == ["inf"])
    }

    @Test func decodingAcceptsWrappersAndPlainNumbers() throws {
        let wire: CallableValue = [
            "a": ["@type": .string(Self.int64), "value": "-5"],
            "b": ["@type": .string(Self.uint64), "value": "18446744073709551615"],
            "c": ["@type": .string(Self.uint64), "value": "6"],
            "d": 7,
        ]
        #expect(try CallableSerializer.decode(wire) == ["a": -5, "b": .uint(.max), "c": 6, "d": 7])
    }
}
