// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync

/// The model of the sync query tests, shared by the mock, Firestore and Realtime Database test targets: a score to
/// order by, tags for the array filters.
public struct RankedItem: DataSyncModelProtocol, Equatable {
    /// The document ID.
    public let id: String
    /// What the queries order by.
    public var score: Int
    /// What the array filters look at.
    public var tags: [String]

    /// An item with these fields.
    public init(id: String, score: Int, tags: [String]) {
        self.id = id
        self.score = score
        self.tags = tags
    }

    /// a 10, b 20, c 20, d 30, e 40 (every one with a tag: the Realtime Database keeps no empty array).
    public static var mocks: [RankedItem] {
        [
            RankedItem(id: "a", score: 10, tags: ["x"]), RankedItem(id: "b", score: 20, tags: ["y"]),
            RankedItem(id: "c", score: 20, tags: ["x", "z"]), RankedItem(id: "d", score: 30, tags: ["w"]),
            RankedItem(id: "e", score: 40, tags: ["z"]),
        ]
    }

    /// Each query of the cursor, limit and array tests with the IDs it selects from ``mocks``, in order.
    public static var queryCases: [(name: String, query: SyncQuery, ids: [String])] {
        let byScore = SyncQuery().order(by: "score")
        let b = mocks[1]
        let c = mocks[2]
        return [
            ("start(at:)", byScore.start(at: [20]), ["b", "c", "d", "e"]),
            ("start(after:)", byScore.start(after: [20]), ["d", "e"]),
            ("end(at:)", byScore.end(at: [20]), ["a", "b", "c"]),
            ("end(before:)", byScore.end(before: [20]), ["a"]),
            ("start(at:) end(before:)", byScore.start(at: [20]).end(before: [40]), ["b", "c", "d"]),
            ("start(atDocument:)", byScore.start(atDocument: c), ["c", "d", "e"]),
            ("start(afterDocument:)", byScore.start(afterDocument: b), ["c", "d", "e"]),
            ("end(atDocument:)", byScore.end(atDocument: b), ["a", "b"]),
            ("end(beforeDocument:)", byScore.end(beforeDocument: c), ["a", "b"]),
            (
                "descending end(beforeDocument:)",
                SyncQuery().order(by: "score", descending: true).end(beforeDocument: b),
                ["e", "d", "c"]
            ),
            ("limit(toLast:)", byScore.limit(toLast: 2), ["d", "e"]),
            (
                "descending limit(toLast:)", SyncQuery().order(by: "score", descending: true).limit(toLast: 2),
                ["b", "a"]
            ),
            ("limit(to:) then limit(toLast:)", byScore.limit(to: 1).limit(toLast: 3), ["c", "d", "e"]),
            (
                "inequality orders implicitly", SyncQuery().where("score", isGreaterThan: 10).start(after: [20]),
                ["d", "e"]
            ),
            ("arrayContainsAny", byScore.where("tags", arrayContainsAny: ["y", "z"]), ["b", "c", "e"]),
            ("notIn", byScore.where("score", notIn: [10, 20]), ["d", "e"]),
        ]
    }

    /// Invalid queries, each refused with `SyncError.invalidArgument`.
    public static var invalidQueries: [(name: String, query: SyncQuery)] {
        [
            ("limit(toLast:) without order(by:)", SyncQuery().limit(toLast: 1)),
            ("limit 0", SyncQuery().limit(to: 0)),
            ("more cursor values than orderings", SyncQuery().order(by: "score").start(at: [1, "a", 3])),
            ("order(by:) after a cursor", SyncQuery().start(at: [1]).order(by: "score")),
            ("empty arrayContainsAny", SyncQuery().where("tags", arrayContainsAny: [])),
            ("empty notIn", SyncQuery().where("score", notIn: [])),
        ]
    }
}
