// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import Testing

@Suite("PendingWrite merging")
struct PendingWriteTests {
    let save = PendingWrite(documentId: "d", kind: .save, fields: ["id": "d", "name": "A", "age": 1])
    let update = PendingWrite(documentId: "d", kind: .update, fields: ["name": "B"])
    let delete = PendingWrite(documentId: "d", kind: .delete)

    @Test func anUpdateMergesIntoASave() {
        #expect(
            save.merged(with: update)
                == PendingWrite(documentId: "d", kind: .save, fields: ["id": "d", "name": "B", "age": 1]))
    }

    @Test func updatesMergeWithTheLaterWinning() {
        let first = PendingWrite(documentId: "d", kind: .update, fields: ["a.b": 1, "c": 2])
        let later = PendingWrite(documentId: "d", kind: .update, fields: ["a": ["x": 3], "c": 4])
        #expect(
            first.merged(with: later) == PendingWrite(documentId: "d", kind: .update, fields: ["a": ["x": 3], "c": 4]))
    }

    @Test func aDeleteOrSaveReplacesAnything() {
        #expect(save.merged(with: delete) == delete)
        #expect(update.merged(with: delete) == delete)
        #expect(delete.merged(with: save) == save)
    }

    @Test func anUpdateAfterADeleteKeepsTheDelete() {
        #expect(delete.merged(with: update) == delete)
    }

    @Test func dottedUpdatesApplyInsideMapsOfASave() {
        let base = PendingWrite(documentId: "d", kind: .save, fields: ["address": ["city": "Paris", "zip": "1"]])
        let merged = base.merged(with: PendingWrite(documentId: "d", kind: .update, fields: ["address.city": "Rome"]))
        #expect(merged.fields == ["address": ["city": "Rome", "zip": "1"]])
    }
}
