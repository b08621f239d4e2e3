// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Testing

@testable import FlintFirestore

/// Sum, average and several aggregations in one query, as FIRAggregateTests.mm checks them against the
/// Standard edition backend.
@Suite(.timeLimit(.minutes(3)))
struct AggregateTests {
    /// The SDK tests' two books.
    private func books() async throws -> CollectionReference {
        let books = try makeFirestore().collection("books")
        try await seed(
            books,
            [
                "a": ["author": "authorA", "pages": 100, "height": 24.5, "weight": 24.1, "foo": 1],
                "b": ["author": "authorB", "pages": 50, "height": 25.5, "weight": 75.5, "foo": 1],
            ])
        return books
    }

    private func aggregate(_ query: Query, _ fields: [AggregateField]) async throws -> AggregateQuerySnapshot {
        try await query.aggregate(fields).getAggregation(source: .server)
    }

    /// testCanRunAggregateQuery.
    @Test func countSumAndAverageInOneQuery() async throws {
        let books = try await books()
        let snapshot = try await aggregate(books, [.count(), .sum("pages"), .average("pages")])
        #expect(snapshot.get(.count()) == .integer(2))
        #expect(snapshot.count == 2)
        #expect(snapshot.get(.sum("pages")) == .integer(150))
        #expect(snapshot.get(.average("pages")) == .double(75))
    }

    @Test func sumOfDoublesIsADouble() async throws {
        let books = try await books()
        let snapshot = try await aggregate(books, [.sum("height"), .sum(FieldPath(["foo"]))])
        #expect(snapshot.get(.sum("height")) == .double(50))
        #expect(snapshot.get(.sum("foo")) == .integer(2))
    }

    /// testPerformsSumThatOverflowsMaxLong.
    @Test func sumOverflowingSixtyFourBitsIsADouble() async throws {
        let items = try makeFirestore().collection("items")
        try await seed(items, ["a": ["rating": .integer(.max)], "b": ["rating": .integer(.max)]])
        let snapshot = try await aggregate(items, [.sum("rating")])
        #expect(snapshot.get(.sum("rating")) == .double(Double(Int64.max) * 2))
    }

    /// testPerformsSumThatCanOverflowLongValuesDuringAccumulation and testPerformsSumThatIsNegative.
    @Test func intermediateOverflowStillGivesAnExactInteger() async throws {
        let items = try makeFirestore().collection("items")
        try await seed(items, ["a": ["rating": .integer(.max)], "b": ["rating": 1], "c": ["rating": -101]])
        #expect(try await aggregate(items, [.sum("rating")]).get(.sum("rating")) == .integer(.max - 100))
        try await items.document("d").setData(["rating": .integer(-.max)])
        try await items.document("e").setData(["rating": -10_000])
        #expect(try await aggregate(items, [.sum("rating")]).get(.sum("rating")) == .integer(-10_100))
    }

    /// testPerformsSumThatIsPositiveInfinity.
    @Test func doubleSumsCanBeInfinite() async throws {
        let items = try makeFirestore().collection("items")
        try await seed(
            items,
            [
                "a": ["rating": .double(.greatestFiniteMagnitude)],
                "b": ["rating": .double(.greatestFiniteMagnitude)],
            ])
        let snapshot = try await aggregate(items, [.sum("rating"), .average("rating")])
        #expect(snapshot.get(.sum("rating")) == .double(.infinity))
        #expect(snapshot.get(.average("rating")) == .double(.infinity))
    }

    /// testPerformsSumOverResultSetOfZeroDocuments and testPerformsAverageOverResultSetOfZeroDocuments.
    @Test func noMatchingDocumentsSumToZeroAndAverageToNull() async throws {
        let books = try await books()
        let none = books.whereField("pages", isGreaterThan: 200)
        let snapshot = try await aggregate(none, [.count(), .sum("pages"), .average("pages")])
        #expect(snapshot.get(.count()) == .integer(0))
        #expect(snapshot.get(.sum("pages")) == .integer(0))
        #expect(snapshot.get(.average("pages")) == .null)
    }

    /// testPerformsSumOnlyOnNumericFields and testPerformsAverageOnlyOnNumericFields.
    @Test func nonNumericAndMissingValuesAreIgnored() async throws {
        let items = try makeFirestore().collection("items")
        try await seed(
            items,
            [
                "a": ["rating": 5], "b": ["rating": 4], "c": ["rating": "3"], "d": ["rating": 6],
                "e": ["other": 1],
            ])
        let snapshot = try await aggregate(items, [.count(), .sum("rating"), .average("rating")])
        #expect(snapshot.get(.count()) == .integer(5))
        #expect(snapshot.get(.sum("rating")) == .integer(15))
        #expect(snapshot.get(.average("rating")) == .double(5))
    }

    /// testPerformsAverageOfVariousNumericTypes (mixedToFloat): integers and doubles average together.
    @Test func averageOfIntegersAndDoublesIsADouble() async throws {
        let items = try makeFirestore().collection("items")
        try await seed(items, ["a": ["v": 8.6], "b": ["v": 9], "c": ["v": 10]])
        let average = try await aggregate(items, [.average("v")]).get(.average("v"))
        guard case .double(let value) = average else {
            Issue.record("average is \(String(describing: average))")
            return
        }
        #expect(abs(value - 9.2) < 1e-12)
    }

    /// testPerformsAggregationsOnNestedMapValues and testPerformsAggregationWhenUsingInOperator.
    @Test func nestedFieldsAndFilteredQueries() async throws {
        let items = try makeFirestore().collection("items")
        try await seed(
            items,
            [
                "a": ["metadata": ["pages": 100], "rating": 5], "b": ["metadata": ["pages": 50], "rating": 4],
                "c": ["metadata": ["pages": 100], "rating": 3],
            ])
        let nested = try await aggregate(items, [.sum("metadata.pages"), .average(FieldPath(["metadata", "pages"]))])
        #expect(nested.get(.sum("metadata.pages")) == .integer(250))
        #expect(nested.get(.average("metadata.pages")) == .double(250.0 / 3))
        let filtered = try await aggregate(
            items.whereField("rating", in: [5, 3]), [.sum("rating"), .average("rating")])
        #expect(filtered.get(.sum("rating")) == .integer(8))
        #expect(filtered.get(.average("rating")) == .double(4))
    }

    /// testCanGetDuplicateAggregations.
    @Test func duplicateAggregationsAreAllowed() async throws {
        let books = try await books()
        let snapshot = try await aggregate(books, [.count(), .sum("pages"), .sum("pages")])
        #expect(snapshot.get(.sum("pages")) == .integer(150))
    }

    /// testThrowsAnErrorWhenGettingTheResultOfAnUnrequestedAggregation: the SDK throws, Flint answers nil.
    @Test func unrequestedAggregationIsNil() async throws {
        let books = try await books()
        let snapshot = try await aggregate(books, [.sum("pages")])
        #expect(snapshot.get(.count()) == nil)
        #expect(snapshot.get(.sum("foo")) == nil)
        #expect(snapshot.get(.average("pages")) == nil)
        #expect(AggregateField.sum("foo").description == "sum(foo)")
        #expect(AggregateField.average("pages").description == "avg(pages)")
        #expect(AggregateField.count().description == "count()")
    }

    /// testCanRunEmptyAggregateQuery and testCannotPerformMoreThanMaxAggregations (Standard edition: five).
    @Test func noAggregationOrMoreThanFiveIsInvalid() async throws {
        let books = try await books()
        await #expect(throws: FirestoreError(.invalidArgument, "Aggregations can not be empty.")) {
            try await aggregate(books, [])
        }
        let six: [AggregateField] = [
            .count(), .sum("pages"), .sum("weight"), .average("pages"), .average("weight"),
            .average("foo"),
        ]
        let error = await #expect(throws: FirestoreError.self) { try await aggregate(books, six) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("maximum number of aggregations") == true)
        #expect(try await aggregate(books, Array(six.prefix(5))).get(.average("weight")) == .double(49.8))
    }

    @Test func malformedFieldPathIsInvalid() async throws {
        let books = try await books()
        #expect(await firestoreCode { _ = try await aggregate(books, [.sum("a..b")]) } == .invalidArgument)
    }

    /// Aggregations of a `limit(toLast:)` query need no `order(by:)` either.
    @Test func aggregationsOfALimitToLastQuery() async throws {
        let books = try await books()
        let snapshot = try await aggregate(books.limit(toLast: 1), [.count(), .sum("pages")])
        #expect(snapshot.get(.count()) == .integer(1))
    }
}
