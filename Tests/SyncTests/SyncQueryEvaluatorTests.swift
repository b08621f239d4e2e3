// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import Testing

@Suite("SyncQuery evaluation")
struct SyncQueryEvaluatorTests {
    let documents: [[String: SyncValue]] = [
        ["n": 1, "s": "b", "tags": ["x"]], ["n": 2.5, "s": "a"], ["n": "text"], ["s": "c", "tags": ["y", "x"]],
    ]

    @Test func aMissingFieldNeverMatches() {
        #expect(SyncQueryEvaluator.run(SyncQuery().where("n", isNotEqualTo: 7), over: documents).count == 3)
    }

    @Test func numbersCompareAcrossIntAndDoubleButNotWithStrings() {
        let result = SyncQueryEvaluator.run(SyncQuery().where("n", isGreaterThan: 1.5), over: documents)
        #expect(result == [["n": 2.5, "s": "a"]])
        #expect(SyncQueryEvaluator.run(SyncQuery().where("n", isEqualTo: 1.0), over: documents).count == 1)
    }

    @Test func arrayContainsAndIn() {
        #expect(SyncQueryEvaluator.run(SyncQuery().where("tags", arrayContains: "x"), over: documents).count == 2)
        #expect(SyncQueryEvaluator.run(SyncQuery().where("s", in: ["a", "c"]), over: documents).count == 2)
    }

    @Test func orderAndLimit() {
        let result = SyncQueryEvaluator.run(SyncQuery().order(by: "s", descending: true).limit(to: 2), over: documents)
        #expect(result.map { $0["s"] } == ["c", "b"])
    }

    @Test func queriesAreEqualWhenBuiltAlike() {
        #expect(
            SyncQuery().where("a", isEqualTo: 1).order(by: "b") == SyncQuery().where("a", isEqualTo: 1).order(by: "b"))
        #expect(SyncQuery().where("a", isEqualTo: 1) != SyncQuery().where("a", isEqualTo: 2))
        #expect(SyncQuery().where("a", isEqualTo: 1).where("b", isEqualTo: 2).filterCount == 2)
    }
}
