// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Testing

@testable import FlintFirestore

/// `Query` and `AggregateQuery` equality and hashing (FIRQueryTests' equality checks, FIRCountTests'
/// testAggregateQueryEquals, FIRAggregateTests' …AggregateFieldQueryEquals and testAggregateFieldQueryNotEquals).
@Suite(.timeLimit(.minutes(3)))
struct QueryEqualityTests {
    @Test func sameQueriesAreEqualAndHashAlike() throws {
        let db = try makeFirestore()
        let sub = db.collection("foo").document("bar").collection("baz")
        let pairs: [(Query, Query)] = [
            (db.collection("foo"), db.collection("foo")),
            (
                sub.whereField("a", isEqualTo: 1).limit(to: 100),
                db.collection("foo/bar/baz").whereField("a", isEqualTo: 1)
                    .limit(to: 100)
            ),
            (sub.whereField("b", isEqualTo: 1).order(by: "c"), sub.whereField("b", isEqualTo: 1).order(by: "c")),
            (sub.order(by: "c").start(at: [1]), sub.order(by: "c").start(at: [1])),
            (db.collectionGroup("g"), db.collectionGroup("g")),
        ]
        for (first, second) in pairs {
            #expect(first == second)
            #expect(first.hashValue == second.hashValue)
        }
    }

    @Test func differentQueriesAreNotEqual() throws {
        let db = try makeFirestore()
        let base = db.collection("foo")
        let variants: [Query] = [
            base, db.collection("other"), db.collectionGroup("foo"), base.whereField("a", isEqualTo: 1),
            base.whereField("a", isEqualTo: 2), base.whereField("a", isEqualTo: 1.0), base.order(by: "c"),
            base.order(by: "c", descending: true), base.limit(to: 1), base.order(by: "c").limit(toLast: 1),
            base.order(by: "c").start(at: [1]), base.order(by: "c").start(after: [1]), base.order(by: "c").end(at: [1]),
        ]
        for (index, query) in variants.enumerated() {
            for other in variants[(index + 1)...] {
                #expect(query != other)
            }
        }
        let otherInstance = try makeFirestore()
        #expect(otherInstance.collection("foo") != base)
    }

    /// The implicit orderings count: an inequality implies its order, so both spellings are one query.
    @Test func equalityComparesNormalizedOrderings() throws {
        let items = try makeFirestore().collection("items")
        let implicit = items.whereField("a", isGreaterThan: 1)
        let explicit = items.whereField("a", isGreaterThan: 1).order(by: "a")
        #expect(implicit == explicit)
        #expect(implicit.hashValue == explicit.hashValue)
    }

    @Test func aggregateQueriesAreEqualForTheSameQueryAndAggregations() throws {
        let db = try makeFirestore()
        let coll = db.collection("coll")
        let sub = coll.document("bar").collection("baz")
        let base = sub.whereField("a", isEqualTo: 1).limit(to: 100)
        #expect(coll.aggregate([.count()]) == db.collection("coll").aggregate([.count()]))
        #expect(base.aggregate([.count()]) == base.count)
        #expect(base.count.hashValue == sub.whereField("a", isEqualTo: 1).limit(to: 100).count.hashValue)
        #expect(coll.aggregate([.sum("baz")]) == coll.aggregate([.sum(FieldPath(["baz"]))]))
        #expect(coll.aggregate([.sum("baz")]).hashValue == coll.aggregate([.sum(FieldPath(["baz"]))]).hashValue)
        #expect(coll.aggregate([.average("baz")]) == coll.aggregate([.average(FieldPath(["baz"]))]))
        let different = [
            coll.count, coll.aggregate([.sum("baz")]), coll.aggregate([.average("baz")]), base.count,
            sub.whereField("b", isEqualTo: 1).order(by: "c").count,
        ]
        for (index, query) in different.enumerated() {
            for other in different[(index + 1)...] {
                #expect(query != other)
            }
        }
    }
}
