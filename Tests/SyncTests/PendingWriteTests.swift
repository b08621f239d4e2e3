// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import Foundation
import Testing

private let made = Date(timeIntervalSince1970: 0)

@Suite("PendingWrite merging")
struct PendingWriteTests {

    let save = PendingWrite(documentId: "d", kind: .save, fields: ["id": "d", "name": "A", "age": 1], createdAt: made)
    let update = PendingWrite(documentId: "d", kind: .update, fields: ["name": "B"], createdAt: made)
    let delete = PendingWrite(documentId: "d", kind: .delete, createdAt: made)

    @Test func anUpdateMergesIntoASave() {
        #expect(
            save.merged(with: update)
                == PendingWrite(
                    documentId: "d", kind: .save, fields: ["id": "d", "name": "B", "age": 1], createdAt: made))
    }

    @Test func updatesMergeWithTheLaterWinning() {
        let first = PendingWrite(documentId: "d", kind: .update, fields: ["a.b": 1, "c": 2], createdAt: made)
        let later = PendingWrite(documentId: "d", kind: .update, fields: ["a": ["x": 3], "c": 4], createdAt: made)
        #expect(
            first.merged(with: later)
                == PendingWrite(documentId: "d", kind: .update, fields: ["a": ["x": 3], "c": 4], createdAt: made))
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
        let base = PendingWrite(
            documentId: "d", kind: .save, fields: ["address": ["city": "Paris", "zip": "1"]], createdAt: made)
        let merged = base.merged(
            with: PendingWrite(documentId: "d", kind: .update, fields: ["address.city": "Rome"], createdAt: made))
        #expect(merged.fields == ["address": ["city": "Rome", "zip": "1"]])
    }
}
