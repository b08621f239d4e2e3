// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// Filters: operators, type groups, missing fields, strict equality and composites.
@Suite(.timeLimit(.minutes(3)))
struct QueryFilterTests {
    /// A collection of mixed values in field `v` (and a document without it).
    private func mixed() async throws -> CollectionReference {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(
            items,
            [
                "int1": ["v": 1], "dbl1": ["v": 1.0], "dbl15": ["v": 1.5], "int2": ["v": 2], "str2": ["v": "2"],
                "true": ["v": true], "null": ["v": nil], "arr": ["v": [1, 2]], "missing": ["other": 1],
            ])
        return items
    }

    private func ids(_ query: Query) async throws -> Set<String> {
        Set(try await query.getDocuments().ids)
    }

    @Test func equalityComparesNumbersByValueWithinTheNumericGroup() async throws {
        let items = try await mixed()
        #expect(try await ids(items.whereField("v", isEqualTo: 1)) == ["int1", "dbl1"])
        #expect(try await ids(items.whereField("v", isEqualTo: 1.0)) == ["int1", "dbl1"])
        #expect(try await ids(items.whereField("v", isEqualTo: "2")) == ["str2"])
        #expect(try await ids(items.whereField("v", isEqualTo: nil)) == ["null"])
    }

    @Test func rangesStayWithinTheValuesTypeGroup() async throws {
        let items = try await mixed()
        #expect(try await ids(items.whereField("v", isGreaterThan: 1)) == ["dbl15", "int2"])
        #expect(try await ids(items.whereField("v", isGreaterThanOrEqualTo: 1)) == ["int1", "dbl1", "dbl15", "int2"])
        #expect(try await ids(items.whereField("v", isLessThan: 2)) == ["int1", "dbl1", "dbl15"])
        #expect(try await ids(items.whereField("v", isLessThanOrEqualTo: 1.5)) == ["int1", "dbl1", "dbl15"])
        #expect(try await ids(items.whereField("v", isGreaterThan: "")) == ["str2"])
        #expect(try await ids(items.whereField("v", isLessThan: true)) == [])
    }

    @Test func missingFieldNeverMatches() async throws {
        let items = try await mixed()
        for query in [
            items.whereField("v", isNotEqualTo: 5), items.whereField("v", notIn: [5]),
            items.whereField("v", isGreaterThan: .null), items.whereField("v", isLessThan: [[:]] as FirestoreValue),
        ] {
            #expect(try await ids(query).contains("missing") == false)
        }
        #expect(try await ids(items.whereField("other", isEqualTo: 1)) == ["missing"])
    }

    @Test func notEqualMatchesEveryNonNullValueThatDiffers() async throws {
        let items = try await mixed()
        #expect(try await ids(items.whereField("v", isNotEqualTo: 1)) == ["dbl15", "int2", "str2", "true", "arr"])
        #expect(
            try await ids(items.whereField("v", isNotEqualTo: nil)) == [
                "int1", "dbl1", "dbl15", "int2", "str2",
                "true", "arr",
            ])
    }

    @Test func notInNeverMatchesNullOrMissing() async throws {
        let items = try await mixed()
        #expect(try await ids(items.whereField("v", notIn: [1, "2"])) == ["dbl1", "dbl15", "int2", "true", "arr"])
    }

    @Test func notInWithNullInTheListMatchesNothing() async throws {
        let items = try await mixed()
        #expect(try await ids(items.whereField("v", notIn: [nil, 99])) == [])
    }

    @Test func inUsesStrictEquality() async throws {
        let items = try await mixed()
        #expect(try await ids(items.whereField("v", in: [1, "2"])) == ["int1", "str2"])
        #expect(try await ids(items.whereField("v", in: [1.0])) == ["dbl1"])
    }

    @Test func arrayContainsUsesStrictEquality() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["ints": ["tags": [1, 2]], "doubles": ["tags": [1.0]], "scalar": ["tags": 1]])
        #expect(try await ids(items.whereField("tags", arrayContains: 1)) == ["ints"])
        #expect(try await ids(items.whereField("tags", arrayContains: 1.0)) == ["doubles"])
    }

    @Test func arrayContainsAnyMatchesAnyElement() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["tags": ["x", "y"]], "b": ["tags": ["z"]], "c": ["tags": ["w"]]])
        #expect(try await ids(items.whereField("tags", arrayContainsAny: ["y", "z", 1])) == ["a", "b"])
    }

    @Test func emptyListsAreInvalidForInNotInAndArrayContainsAny() async throws {
        let items = try makeFirestore().collection("items")
        for query in [
            items.whereField("v", in: []), items.whereField("v", notIn: []),
            items.whereField("v", arrayContainsAny: []),
        ] {
            let error = await #expect(throws: FirestoreError.self) { try await query.getDocuments() }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("non-empty array") == true)
        }
    }

    @Test func listsLongerThanThirtyAreInvalid() async throws {
        let items = try makeFirestore().collection("items")
        let values = (0..<31).map { FirestoreValue.integer(Int64($0)) }
        #expect(await firestoreCode { try await items.whereField("v", in: values).getDocuments() } == .invalidArgument)
    }

    @Test func twoNotEqualFiltersAreInvalid() async throws {
        let items = try makeFirestore().collection("items")
        let error = await #expect(throws: FirestoreError.self) {
            try await items.whereField("a", isNotEqualTo: 1).whereField("b", isNotEqualTo: 2).getDocuments()
        }
        #expect(error == FirestoreError(.invalidArgument, "Invalid Query. You cannot use more than one '!=' filter."))
    }

    @Test func notEqualWithNotInIsInvalid() async throws {
        let items = try makeFirestore().collection("items")
        #expect(
            await firestoreCode {
                try await items.whereField("a", isNotEqualTo: 1).whereField("b", notIn: [2]).getDocuments()
            } == .invalidArgument)
        #expect(
            await firestoreCode {
                try await items.whereField("b", notIn: [2]).whereField("a", isNotEqualTo: 1).getDocuments()
            } == .invalidArgument)
    }

    @Test func notInWithInArrayContainsAnyOrAnotherNotInIsInvalid() async throws {
        let items = try makeFirestore().collection("items")
        let notIn = items.whereField("a", notIn: [1])
        for query in [
            notIn.whereField("b", in: [1]), notIn.whereField("b", arrayContainsAny: [1]),
            notIn.whereField("b", notIn: [2]), items.whereField("b", in: [1]).whereField("a", notIn: [1]),
        ] {
            #expect(await firestoreCode { try await query.getDocuments() } == .invalidArgument)
        }
    }

    @Test func conflictsAreFoundInsideCompositeFilters() async throws {
        let items = try makeFirestore().collection("items")
        let query = items.whereFilter(
            .orFilter([.whereField("a", isNotEqualTo: 1), .whereField("b", isNotEqualTo: 2)]))
        #expect(await firestoreCode { try await query.getDocuments() } == .invalidArgument)
    }

    @Test func inequalitiesOnSeveralFieldsAreAllowed() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["x": 1, "y": 5], "b": ["x": 2, "y": 1], "c": ["x": 3, "y": 6]])
        #expect(
            try await items.whereField("x", isGreaterThan: 1).whereField("y", isGreaterThan: 2).getDocuments().ids
                == ["c"])
    }

    @Test func orFilterMatchesEitherBranch() async throws {
        let db = try makeFirestore()
        let cities = db.collection("cities")
        try await seed(
            cities,
            [
                "tokyo": ["capital": true, "population": 14_000_000, "country": "JP"],
                "osaka": ["capital": false, "population": 2_700_000, "country": "JP"],
                "nara": ["capital": false, "population": 350_000, "country": "JP"],
                "paris": ["capital": true, "population": 2_100_000, "country": "FR"],
            ])
        let query = cities.whereFilter(
            .orFilter([
                .whereField("capital", isEqualTo: true),
                .andFilter([
                    .whereField("population", isGreaterThan: 1_000_000), .whereField("country", isEqualTo: "JP"),
                ]),
            ]))
        #expect(try await ids(query) == ["tokyo", "osaka", "paris"])
    }

    @Test func documentIDFilters() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["n": 1], "b": ["n": 2], "c": ["n": 3]])
        #expect(try await ids(items.whereField(FieldPath.documentID(), isEqualTo: "b")) == ["b"])
        #expect(try await ids(items.whereField(FieldPath.documentID(), isGreaterThan: "a")) == ["b", "c"])
        #expect(
            try await ids(items.whereField(FieldPath.documentID(), in: ["a", .reference(items.document("c"))]))
                == ["a", "c"])
        #expect(
            await firestoreCode {
                try await items.whereField(FieldPath.documentID(), isEqualTo: "a/b").getDocuments()
            } == .invalidArgument)
        #expect(
            await firestoreCode {
                try await items.whereField(FieldPath.documentID(), isEqualTo: 1).getDocuments()
            } == .invalidArgument)
    }

    @Test func filtersOnNestedFields() async throws {
        let db = try makeFirestore()
        let users = db.collection("users")
        try await seed(users, ["a": ["address": ["city": "London"]], "b": ["address": ["city": "Paris"]]])
        #expect(try await ids(users.whereField("address.city", isEqualTo: "Paris")) == ["b"])
    }

    @Test func listenerFollowsDocumentsEnteringAndLeavingAFilter() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        let recorder = items.whereField("open", isEqualTo: true).record()
        #expect(try await recorder.next().isEmpty)
        try await items.document("a").setData(["open": true])
        #expect(try await recorder.next().changeList() == ["added a -1 0"])
        try await items.document("b").setData(["open": false])  // no snapshot: b does not match
        try await items.document("a").updateData(["open": false])
        #expect(try await recorder.next().changeList() == ["removed a 0 -1"])
        recorder.remove()
    }

    // MARK: Null and NaN (FIRQueryTests' testQueriesCanUseInFilters, …ArrayContainsFilters, …ArrayContainsAnyFilters)

    /// Documents holding null, NaN, a number, and arrays of each.
    private func specials() async throws -> CollectionReference {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(
            items,
            [
                "null": ["v": nil], "nan": ["v": .double(.nan)], "one": ["v": 1],
                "arrNull": ["v": [nil]], "arrNaN": ["v": [.double(.nan)]], "arrOne": ["v": [1]],
            ])
        return items
    }

    @Test func inNeverFindsNullOrNaN() async throws {
        let items = try await specials()
        #expect(try await ids(items.whereField("v", in: [nil])) == [])
        #expect(try await ids(items.whereField("v", in: [.double(.nan)])) == [])
        #expect(try await ids(items.whereField("v", in: [nil, .double(.nan), 1])) == ["one"])
    }

    @Test func arrayContainsNeverFindsNullOrNaN() async throws {
        let items = try await specials()
        #expect(try await ids(items.whereField("v", arrayContains: nil)) == [])
        #expect(try await ids(items.whereField("v", arrayContains: .double(.nan))) == [])
        #expect(try await ids(items.whereField("v", arrayContains: 1)) == ["arrOne"])
    }

    @Test func arrayContainsAnyNeverFindsNullOrNaN() async throws {
        let items = try await specials()
        #expect(try await ids(items.whereField("v", arrayContainsAny: [nil])) == [])
        #expect(try await ids(items.whereField("v", arrayContainsAny: [.double(.nan)])) == [])
        #expect(try await ids(items.whereField("v", arrayContainsAny: [nil, .double(.nan), 1])) == ["arrOne"])
    }

    @Test func equalityStillFindsNullAndNaN() async throws {
        let items = try await specials()
        #expect(try await ids(items.whereField("v", isEqualTo: nil)) == ["null"])
        #expect(try await ids(items.whereField("v", isEqualTo: .double(.nan))) == ["nan"])
    }

    /// FIRCompositeIndexQueryTests' testMultipleInequalityOnSpecialValues: `sort <= 2` skips NaN and null.
    @Test func rangesNeverMatchNaN() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(
            items,
            [
                "doc1": ["key": "a", "sort": 0, "v": 0], "doc2": ["key": "b", "sort": .double(.nan), "v": 1],
                "doc3": ["key": "c", "sort": nil, "v": 3], "doc4": ["key": "d", "v": 0],
                "doc5": ["key": "e", "sort": 1], "doc6": ["key": "f", "sort": 1, "v": 1],
            ])
        let query = items.whereField("key", isNotEqualTo: "a").whereField("sort", isLessThanOrEqualTo: 2)
        #expect(try await query.getDocuments().ids == ["doc5", "doc6"])
        #expect(
            try await items.whereField("sort", isGreaterThanOrEqualTo: .double(-.infinity)).getDocuments().ids
                == ["doc1", "doc5", "doc6"])
        #expect(try await items.whereField("sort", isLessThan: .double(.nan)).getDocuments().ids == [])
        #expect(try await items.whereField("sort", isGreaterThanOrEqualTo: .double(.nan)).getDocuments().ids == [])
    }

    /// FIRQueryTests' testQueriesCanUseNotEqualFilters and testQueriesCanUseNotInFilters "With NAN".
    @Test func notEqualAndNotInWithNaNExcludeNaN() async throws {
        let items = try await specials()
        #expect(
            try await ids(items.whereField("v", isNotEqualTo: .double(.nan)))
                == ["one", "arrNull", "arrNaN", "arrOne"])
        #expect(try await ids(items.whereField("v", notIn: [.double(.nan)])) == ["one", "arrNull", "arrNaN", "arrOne"])
    }

    // MARK: What the backend rejects (FIRCompositeIndexQueryTests)

    /// testMultipleInequalityRejectsIfDocumentKeyAppearsOnlyInEqualityFilter.
    @Test func documentIDOnlyInAnEqualityBesideAnInequalityIsInvalid() async throws {
        let items = try makeFirestore().collection("items")
        let query = items.whereField("key", isNotEqualTo: 42).whereField(FieldPath.documentID(), isEqualTo: "doc1")
        #expect(await firestoreCode { try await query.getDocuments() } == .invalidArgument)
        #expect(await firestoreCode { try await query.count.getAggregation(source: .server) } == .invalidArgument)
        // Alone, or also ordered, it is fine.
        #expect(try await items.whereField(FieldPath.documentID(), isEqualTo: "doc1").getDocuments().isEmpty)
        #expect(try await query.order(by: "key").order(by: FieldPath.documentID()).getDocuments().isEmpty)
    }
}
