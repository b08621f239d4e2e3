// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Testing

@testable import FlintFirestore

/// Ordering (explicit and implicit), limits and cursors.
@Suite(.timeLimit(.minutes(3)))
struct QueryOrderTests {
    private func scores() async throws -> CollectionReference {
        let db = try makeFirestore()
        let scores = db.collection("scores")
        try await seed(
            scores,
            [
                "a": ["points": 10, "level": 1], "b": ["points": 30, "level": 2], "c": ["points": 20, "level": 2],
                "d": ["points": 30, "level": 1], "e": ["level": 3],
            ])
        return scores
    }

    @Test func withoutOrderingResultsAreInDocumentIDOrder() async throws {
        let scores = try await scores()
        #expect(try await scores.getDocuments().ids == ["a", "b", "c", "d", "e"])
    }

    @Test func explicitOrderThenDocumentIDInTheSameDirection() async throws {
        let scores = try await scores()
        #expect(try await scores.order(by: "points").getDocuments().ids == ["a", "c", "b", "d"])
        #expect(try await scores.order(by: "points", descending: true).getDocuments().ids == ["d", "b", "c", "a"])
    }

    @Test func documentsMissingAnOrderedFieldAreExcluded() async throws {
        let scores = try await scores()
        #expect(try await scores.order(by: "points").getDocuments().ids.contains("e") == false)
        #expect(try await scores.order(by: "level").getDocuments().ids.contains("e"))
    }

    @Test func severalExplicitOrders() async throws {
        let scores = try await scores()
        let query = scores.order(by: "level", descending: true).order(by: "points")
        #expect(try await query.getDocuments().ids == ["c", "b", "a", "d"])
    }

    @Test func inequalityFieldsAreOrderedAfterExplicitOrdersAlphabetically() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(
            items,
            [
                "p": ["x": 2, "b": 1, "a": 9], "q": ["x": 1, "b": 2, "a": 9], "r": ["x": 1, "b": 1, "a": 8],
                "s": ["x": 1, "b": 1, "a": 9],
            ])
        // Inequalities on `x` and `a`: implicit order a, x (alphabetical), then the document ID.
        let implicit = items.whereField("x", isGreaterThan: 0).whereField("a", isGreaterThan: 0)
        #expect(implicit.queryDescription.normalizedOrders.map(\.field.description) == ["a", "x", "__name__"])
        #expect(try await implicit.getDocuments().ids == ["r", "q", "s", "p"])
        // After an explicit descending order on `b`, the implicit ones are descending too.
        let explicit = implicit.order(by: "b", descending: true)
        #expect(explicit.queryDescription.normalizedOrders.map(\.field.description) == ["b", "a", "x", "__name__"])
        #expect(explicit.queryDescription.normalizedOrders.map(\.descending) == [true, true, true, true])
        #expect(try await explicit.getDocuments().ids == ["q", "p", "s", "r"])
    }

    @Test func orderingByDocumentIDExplicitly() async throws {
        let scores = try await scores()
        #expect(
            try await scores.order(by: FieldPath.documentID(), descending: true).getDocuments().ids
                == ["e", "d", "c", "b", "a"])
    }

    // MARK: Limits

    @Test func limitKeepsTheFirstDocuments() async throws {
        let scores = try await scores()
        #expect(try await scores.order(by: "points").limit(to: 2).getDocuments().ids == ["a", "c"])
    }

    @Test func limitToLastKeepsTheLastDocumentsInQueryOrder() async throws {
        let scores = try await scores()
        #expect(try await scores.order(by: "points").limit(toLast: 2).getDocuments().ids == ["b", "d"])
    }

    @Test func limitMustBePositive() async throws {
        let scores = try makeFirestore().collection("scores")
        let error = await #expect(throws: FirestoreError.self) { try await scores.limit(to: 0).getDocuments() }
        #expect(
            error
                == FirestoreError(
                    .invalidArgument, "Invalid Query. Query limit (0) is invalid. Limit must be positive."))
        #expect(
            await firestoreCode { try await scores.order(by: "a").limit(toLast: -1).getDocuments() } == .invalidArgument
        )
    }

    @Test func limitToLastNeedsAnOrderBy() async throws {
        let scores = try makeFirestore().collection("scores")
        #expect(await firestoreCode { try await scores.limit(toLast: 2).getDocuments() } == .invalidArgument)
        let error = await #expect(throws: FirestoreError.self) {
            try await value(of: Task { for try await _ in scores.limit(toLast: 2).snapshots {} })
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func largeLimitsSortEverything() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        var documents: [String: [String: FirestoreValue]] = [:]
        for index in 0..<400 { documents["d\(index)"] = ["n": .integer(Int64((index * 7919) % 400))] }
        try await seed(items, documents)
        let top = try await items.order(by: "n", descending: true).limit(to: 300).getDocuments()
        #expect(top.documents.map { $0.get("n")!.integerValue! } == (100..<400).reversed().map(Int64.init))
        let small = try await items.order(by: "n").limit(toLast: 3).getDocuments()
        #expect(small.documents.map { $0.get("n")!.integerValue! } == [397, 398, 399])
    }

    // MARK: Cursors

    @Test func cursorsByValue() async throws {
        let scores = try await scores()
        let ordered = scores.order(by: "points")  // a 10, c 20, b 30, d 30
        #expect(try await ordered.start(at: [20]).getDocuments().ids == ["c", "b", "d"])
        #expect(try await ordered.start(after: [20]).getDocuments().ids == ["b", "d"])
        #expect(try await ordered.end(at: [20]).getDocuments().ids == ["a", "c"])
        #expect(try await ordered.end(before: [20]).getDocuments().ids == ["a"])
        #expect(try await ordered.start(after: [10]).end(before: [30]).getDocuments().ids == ["c"])
    }

    @Test func cursorsWithTheDocumentIDDisambiguateTies() async throws {
        let scores = try await scores()
        let ordered = scores.order(by: "points").order(by: FieldPath.documentID())
        #expect(try await ordered.start(after: [30, "b"]).getDocuments().ids == ["d"])
    }

    @Test func cursorsBySnapshotUseEveryOrderedValueAndTheID() async throws {
        let scores = try await scores()
        let b = try await scores.document("b").getDocument()
        let ordered = scores.order(by: "points")
        #expect(try await ordered.start(atDocument: b).getDocuments().ids == ["b", "d"])
        #expect(try await ordered.start(afterDocument: b).getDocuments().ids == ["d"])
        #expect(try await ordered.end(atDocument: b).getDocuments().ids == ["a", "c", "b"])
        #expect(try await ordered.end(beforeDocument: b).getDocuments().ids == ["a", "c"])
    }

    @Test func cursorsOnDescendingOrders() async throws {
        let scores = try await scores()
        let ordered = scores.order(by: "points", descending: true)  // d 30, b 30, c 20, a 10
        #expect(try await ordered.start(at: [20]).getDocuments().ids == ["c", "a"])
        #expect(try await ordered.end(before: [20]).getDocuments().ids == ["d", "b"])
    }

    @Test func tooManyCursorValuesAreInvalid() async throws {
        let scores = try makeFirestore().collection("scores")
        #expect(
            await firestoreCode { try await scores.order(by: "points").start(at: [1, "a", 3]).getDocuments() }
                == .invalidArgument)
    }

    @Test func cursorFromAMissingDocumentIsInvalid() async throws {
        let scores = try makeFirestore().collection("scores")
        let missing = try await scores.document("nope").getDocument()
        #expect(
            await firestoreCode { try await scores.order(by: "points").start(atDocument: missing).getDocuments() }
                == .invalidArgument)
    }

    @Test func cursorFromADocumentLackingTheOrderedFieldIsInvalid() async throws {
        let scores = try await scores()
        let e = try await scores.document("e").getDocument()
        #expect(
            await firestoreCode { try await scores.order(by: "points").start(atDocument: e).getDocuments() }
                == .invalidArgument)
    }

    @Test func orderAfterACursorIsInvalid() async throws {
        let scores = try makeFirestore().collection("scores")
        #expect(
            await firestoreCode { try await scores.start(at: ["a"]).order(by: "points").getDocuments() }
                == .invalidArgument)
    }

    @Test func paginationWithLimitAndStartAfterDocument() async throws {
        let scores = try await scores()
        let page = scores.order(by: "points").limit(to: 2)
        let first = try await page.getDocuments()
        #expect(first.ids == ["a", "c"])
        let second = try await page.start(afterDocument: first.documents.last!).getDocuments()
        #expect(second.ids == ["b", "d"])
    }

    // MARK: Numeric IDs, several inequalities, the document ID last

    /// The IDs of the Android / JS SDKs' `snapshotListenerSortsQueryByDocumentIdInTheSameOrderAsServer`.
    private func numericIDs() async throws -> CollectionReference {
        let items = try makeFirestore().collection("items")
        var documents: [String: [String: FirestoreValue]] = [:]
        for id in [
            "A", "a", "Aa", "7", "12", "__id7__", "__id12__", "__id-2__", "_id1__", "__id1_", "__id",
            "__id9223372036854775807__", "__id9223372036854775806__", "__id-9223372036854775808__",
            "__id-9223372036854775807__",
        ] {
            documents[id] = ["a": 1]
        }
        try await seed(items, documents)
        return items
    }

    @Test func numericDocumentIDsSortFirstByNumber() async throws {
        let items = try await numericIDs()
        let expected = [
            "__id-9223372036854775808__", "__id-9223372036854775807__", "__id-2__", "__id7__", "__id12__",
            "__id9223372036854775806__", "__id9223372036854775807__", "12", "7", "A", "Aa", "__id",
            "__id1_", "_id1__", "a",
        ]
        #expect(try await items.order(by: FieldPath.documentID()).getDocuments().ids == expected)
        let recorder = items.order(by: FieldPath.documentID()).record()
        #expect(try await recorder.next().ids == expected)
        recorder.remove()
    }

    @Test func numericDocumentIDsFilterByNumber() async throws {
        let items = try await numericIDs()
        let query = items.whereField(FieldPath.documentID(), isGreaterThan: "__id7__")
            .whereField(FieldPath.documentID(), isLessThanOrEqualTo: "A")
        #expect(
            try await query.getDocuments().ids
                == ["__id12__", "__id9223372036854775806__", "__id9223372036854775807__", "12", "7", "A"])
    }

    @Test func numericDocumentIDsInCursors() async throws {
        let items = try await numericIDs()
        let query = items.order(by: FieldPath.documentID()).start(after: ["__id12__"]).end(before: ["7"])
        #expect(try await query.getDocuments().ids == ["__id9223372036854775806__", "__id9223372036854775807__", "12"])
    }

    /// FIRCompositeIndexQueryTests' testMultipleInequalityFieldsWillBeImplicitlyOrderedLexicographically.
    @Test func severalInequalitiesOrderByFieldPathWhateverTheFilterOrder() async throws {
        let items = try makeFirestore().collection("items")
        try await seed(
            items,
            [
                "doc1": ["key": "a", "sort": 0, "v": 5], "doc2": ["key": "aa", "sort": 4, "v": 4],
                "doc3": ["key": "b", "sort": 3, "v": 3], "doc4": ["key": "b", "sort": 2, "v": 2],
                "doc5": ["key": "b", "sort": 2, "v": 1], "doc6": ["key": "b", "sort": 0, "v": 0],
            ])
        let first = items.whereField("key", isNotEqualTo: "a").whereField("sort", isGreaterThan: 1)
            .whereField("v", in: [1, 2, 3, 4])
        let second = items.whereField("sort", isGreaterThan: 1).whereField("key", isNotEqualTo: "a")
            .whereField("v", in: [1, 2, 3, 4])
        #expect(try await first.getDocuments().ids == ["doc2", "doc4", "doc5", "doc3"])
        #expect(try await second.getDocuments().ids == ["doc2", "doc4", "doc5", "doc3"])
    }

    /// FIRCompositeIndexQueryTests' testMultipleInequalityFieldsWithDocumentKey.
    @Test func aDocumentIDInequalityIsOrderedLast() async throws {
        let items = try makeFirestore().collection("items")
        try await seed(
            items,
            [
                "doc1": ["key": "a", "sort": 5], "doc2": ["key": "aa", "sort": 4], "doc3": ["key": "b", "sort": 3],
                "doc4": ["key": "b", "sort": 2], "doc5": ["key": "bb", "sort": 1],
            ])
        let query = items.whereField(FieldPath.documentID(), isLessThan: "doc5").whereField("sort", isGreaterThan: 1)
            .whereField("key", isNotEqualTo: "a")
        #expect(query.queryDescription.normalizedOrders.map(\.field.description) == ["key", "sort", "__name__"])
        #expect(try await query.getDocuments().ids == ["doc2", "doc4", "doc3"])
        #expect(try await query.order(by: "sort", descending: true).getDocuments().ids == ["doc2", "doc3", "doc4"])
    }

    /// FIRCompositeIndexQueryTests' testMultipleInequalityRejectsIfDocumentKeyIsNotTheLastOrderByField.
    @Test func documentIDNotLastAmongOrderingsIsInvalid() async throws {
        let items = try makeFirestore().collection("items")
        let implicit = items.whereField("key", isNotEqualTo: 42).order(by: FieldPath.documentID())
        #expect(await firestoreCode { try await implicit.getDocuments() } == .invalidArgument)
        let explicit = items.order(by: FieldPath.documentID()).order(by: "key")
        #expect(await firestoreCode { try await explicit.getDocuments() } == .invalidArgument)
        let recorder = implicit.record()
        #expect(await firestoreCode { _ = try await recorder.next() } == .invalidArgument)
    }

    // MARK: Cursor validation

    @Test func orderAfterAnEndCursorSaysEndingPoint() async throws {
        let scores = try makeFirestore().collection("scores")
        #expect(
            throws: FirestoreError(
                .invalidArgument,
                "Invalid query. You must not specify an ending point "
                    + "before specifying the order by.")
        ) {
            try scores.end(at: ["a"]).order(by: "points").matcher()
        }
        #expect(
            throws: FirestoreError(
                .invalidArgument,
                "Invalid query. You must not specify a starting point "
                    + "before specifying the order by.")
        ) {
            try scores.start(at: ["a"]).order(by: "points").matcher()
        }
    }

    @Test func cursorFromAPendingServerTimestampIsInvalid() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        await db.disableNetwork()
        let write = Task { try await items.document("a").setData(["at": FieldValue.serverTimestamp()]) }
        let recorder = items.document("a").record()
        // The listener may start before the write is applied locally (a first snapshot of nothing, from the cache).
        var pending = try await recorder.next()
        while !pending.metadata.hasPendingWrites { pending = try await recorder.next() }
        #expect(pending.metadata.hasPendingWrites)
        let expected = FirestoreError(
            .invalidArgument,
            "Invalid query. You are trying to start or end a query using "
                + "a document for which the field 'at' is an uncommitted server timestamp. (Since the value of this field "
                + "is unknown, you cannot start/end a query with it.)")
        #expect(throws: expected) { try items.order(by: "at").start(atDocument: pending).matcher() }
        #expect(throws: expected) { try items.order(by: "at").end(beforeDocument: pending).matcher() }
        recorder.remove()
        await db.enableNetwork()
        try await value(of: write)
        let committed = try await items.document("a").getDocument()
        #expect(try await items.order(by: "at").start(atDocument: committed).getDocuments().ids == ["a"])
    }
}
