// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// Randomized writes from two clients against several listening queries: every snapshot's changes,
/// applied to the previous documents, give the new documents, and every view ends equal to a fresh query.
@Suite(.timeLimit(.minutes(3)))
struct ConsistencyTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Follows one listener, checking each snapshot against the previous one.
    final class Follower: Sendable {
        private let state = Locked<(ids: [String], snapshots: Int, problems: [String])>(([], 0, []))
        let recorder: Recorder<QuerySnapshot>

        init(_ query: Query) {
            recorder = query.record()
        }

        /// Reads snapshots until the view equals `expected` (or the deadline passes).
        func waitFor(_ expected: [String]) async throws {
            while true {
                let snapshot = try await recorder.next()
                state.withLock { state in
                    var ids = state.ids
                    for change in snapshot.documentChanges {
                        if change.type != .added {
                            if change.oldIndex < ids.count, ids[change.oldIndex] == change.document.documentID {
                                ids.remove(at: change.oldIndex)
                            } else {
                                state.problems.append("bad oldIndex \(change) in \(ids)")
                            }
                        }
                        if change.type != .removed {
                            if change.newIndex <= ids.count {
                                ids.insert(change.document.documentID, at: change.newIndex)
                            } else {
                                state.problems.append("bad newIndex \(change) in \(ids)")
                            }
                        }
                    }
                    if ids != snapshot.ids {
                        state.problems.append("changes give \(ids), snapshot has \(snapshot.ids)")
                    }
                    state.ids = snapshot.ids
                    state.snapshots += 1
                }
                if snapshot.ids == expected { return }
            }
        }

        var problems: [String] { state.withLock { $0.problems } }
    }

    @Test(arguments: [1, 2, 3])
    func randomWritesKeepEveryViewConsistent(seed: UInt64) async throws {
        let (alice, bob) = try makeTwoClients()
        let items = alice.collection("items")
        let queries: [Query] = [
            items,
            items.order(by: "n"),
            items.order(by: "n", descending: true).limit(to: 5),
            items.order(by: "n").limit(toLast: 3),
            items.whereField("tag", isEqualTo: "red").order(by: "n"),
            items.whereField("n", isGreaterThan: 20).whereField("n", isLessThanOrEqualTo: 70).limit(to: 4),
            items.order(by: "n").start(after: [30]).end(at: [80]),
            items.whereField("tag", in: ["red", "blue"]).order(by: "tag").order(by: "n", descending: true).limit(to: 6),
        ]
        let followers = queries.map(Follower.init)
        var random = SplitMix(state: seed)
        var operations: [(client: Int, id: String, kind: Int, n: Int, tag: String)] = []
        for _ in 0..<150 {
            operations.append(
                (
                    Int.random(in: 0...1, using: &random), "d\(Int.random(in: 0..<25, using: &random))",
                    Int.random(in: 0..<10, using: &random), Int.random(in: 0..<100, using: &random),
                    ["red", "blue", "green"].randomElement(using: &random)!
                ))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0...1 {
                let db = client == 0 ? alice : bob
                let mine = operations.filter { $0.client == client }
                group.addTask {
                    for operation in mine {
                        let doc = db.collection("items").document(operation.id)
                        switch operation.kind {
                        case 0...5:
                            try await doc.setData(["n": .integer(Int64(operation.n)), "tag": .string(operation.tag)])
                        case 6, 7:
                            try? await doc.updateData(["n": FieldValue.increment(Int64(operation.n % 7))])
                        default:
                            try await doc.delete()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        try await alice.waitForPendingWrites()
        for (query, follower) in zip(queries, followers) {
            let expected = try await query.getDocuments().ids
            try await follower.waitFor(expected)
            #expect(follower.problems == [])
            follower.recorder.remove()
        }
        #expect(alice.engine.listenerCount == 0)
    }
}
