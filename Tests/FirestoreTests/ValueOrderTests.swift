// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// Firestore's cross-type order and strict equality, on stored values and through queries.
@Suite(.timeLimit(.minutes(3)))
struct ValueOrderTests {
    private func order(_ values: [Value]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { Value.compare($0, $1) < 0 }
    }

    @Test func typesOrderNullBoolNumberTimestampStringBytesReferenceGeopointArrayMap() {
        #expect(
            order([
                .null, .bool(false), .bool(true), .double(.nan), .integer(1),
                .timestamp(Timestamp(seconds: 0, nanoseconds: 0)),
                .string("a"), .bytes(Data([0])), .reference(database: "p/(default)", path: ResourcePath(["a", "b"])),
                .geoPoint(GeoPoint(latitude: 0, longitude: 0)), .array([]), .map([:]),
            ]))
    }

    @Test func nanSortsBeforeEveryNumber() {
        #expect(
            order([.double(.nan), .double(-.infinity), .integer(.min), .double(-1.5), .integer(0), .double(.infinity)]))
    }

    @Test func integersAndDoublesCompareByValue() {
        #expect(Value.compare(.integer(1), .double(1.0)) == 0)
        #expect(Value.compare(.integer(1), .double(1.5)) < 0)
        #expect(Value.compare(.double(2.5), .integer(2)) > 0)
        #expect(Value.compare(.integer(Int64.max), .double(9_223_372_036_854_775_808.0)) < 0)
        #expect(Value.compare(.integer(9_007_199_254_740_993), .double(9_007_199_254_740_992.0)) > 0)
    }

    @Test func stringsCompareByUTF8Bytes() {
        // "Z" (0x5A) < "a" (0x61) < "é" (0xC3 0xA9) < "😀" (0xF0 …); a prefix sorts first.
        #expect(order([.string(""), .string("Z"), .string("a"), .string("ab"), .string("é"), .string("😀")]))
        // Precomposed and decomposed "é" are different strings for Firestore.
        #expect(Value.string("\u{E9}") != Value.string("e\u{301}"))
    }

    @Test func bytesCompareUnsignedLexicographically() {
        #expect(
            order([
                .bytes(Data()), .bytes(Data([0x01])), .bytes(Data([0x01, 0x00])), .bytes(Data([0x7F])),
                .bytes(Data([0x80])),
            ]))
    }

    @Test func referencesCompareSegmentBySegment() {
        let database = "p/(default)"
        #expect(
            order([
                .reference(database: database, path: ResourcePath(["a", "b"])),
                .reference(database: database, path: ResourcePath(["a", "b", "c", "d"])),
                .reference(database: database, path: ResourcePath(["a-c", "x"])),
            ]))
    }

    @Test func geopointsCompareLatitudeThenLongitude() {
        #expect(
            order([
                .geoPoint(GeoPoint(latitude: -10, longitude: 100)), .geoPoint(GeoPoint(latitude: 1, longitude: 2)),
                .geoPoint(GeoPoint(latitude: 1, longitude: 3)), .geoPoint(GeoPoint(latitude: 2, longitude: -180)),
            ]))
    }

    @Test func arraysCompareElementWiseShorterFirst() {
        #expect(
            order([
                .array([]), .array([.integer(1)]), .array([.integer(1), .integer(2)]), .array([.integer(2)]),
                .array([.string("a")]),
            ]))
    }

    @Test func mapsCompareSortedKeysThenValuesThenLength() {
        #expect(
            order([
                .map([:]), .map(["a": .integer(1)]), .map(["a": .integer(1), "b": .integer(0)]),
                .map(["a": .integer(2)]), .map(["b": .integer(0)]),
            ]))
    }

    @Test func strictEqualityDistinguishesIntegersFromDoubles() {
        #expect(Value.integer(1) != Value.double(1.0))
        #expect(Value.double(.nan) == Value.double(.nan))
        #expect(FirestoreValue.integer(1) != FirestoreValue.double(1.0))
    }

    @Test func queryOrdersMixedTypesAcrossTypeGroups() async throws {
        let db = try makeFirestore()
        let values = db.collection("values")
        try await seed(
            values,
            [
                "01-null": ["v": nil], "02-false": ["v": false], "03-true": ["v": true], "04-nan": ["v": .double(.nan)],
                "05-one": ["v": 1], "06-one-and-half": ["v": 1.5], "07-two": ["v": 2],
                "08-time": ["v": .timestamp(Timestamp(seconds: 10, nanoseconds: 0))],
                "09-upper": ["v": "B"], "10-lower": ["v": "a"], "11-accent": ["v": "é"],
                "12-bytes": ["v": .bytes(Data([1]))],
                "13-ref": ["v": .reference(db.document("a/b"))],
                "14-geo": ["v": .geoPoint(GeoPoint(latitude: 1, longitude: 2))],
                "15-geo": ["v": .geoPoint(GeoPoint(latitude: 1, longitude: 3))], "16-array": ["v": [1]],
                "17-array": ["v": [1, 2]], "18-array": ["v": [2]], "19-map": ["v": ["a": 1]],
                "20-map": ["v": ["a": 1, "b": 0]], "21-map": ["v": ["a": 2]], "99-missing": ["other": 1],
            ])
        let ascending = try await values.order(by: "v").getDocuments()
        let expected = (1...21).map { String(format: "%02d", $0) }
        #expect(ascending.ids.map { String($0.prefix(2)) } == expected)
        let descending = try await values.order(by: "v", descending: true).getDocuments()
        #expect(descending.ids.map { String($0.prefix(2)) } == expected.reversed())
    }

    @Test func equalIntegerAndDoubleTieOnDocumentID() async throws {
        let db = try makeFirestore()
        let values = db.collection("values")
        try await seed(values, ["b": ["v": 1.0], "a": ["v": 1], "c": ["v": 0.5]])
        #expect(try await values.order(by: "v").getDocuments().ids == ["c", "a", "b"])
    }
}
