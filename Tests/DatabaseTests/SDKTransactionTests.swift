// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FTransactionTest.m` (`FirebaseDatabase/Tests/Integration`), against the embedded backend.
@Suite("SDK FTransactionTest")
struct SDKTransactionTests {
    /// `ref.runTransactionBlock(block)` (async form), bounded.
    private func transact(
        _ ref: DatabaseReference, _ block: @escaping @Sendable (MutableData) -> TransactionResult
    ) async throws -> (Bool, DataSnapshot) {
        try await result(of: Task { try await ref.runTransactionBlock(block) }).get()
    }

    /// `testNewValueIsImmediatelyVisible`, `testNonAbortedTransactionSetsCommittedToTrueInCallback`.
    @Test func aCommittedValueIsVisibleAndReportedCommitted() async throws {
        let foo = try makeDatabase().reference(withPath: "node/foo")
        let (committed, snapshot) = try await transact(foo) { data in
            data.value = 42
            return .success(withValue: data)
        }
        #expect(committed)
        #expect(snapshot.value as? Int == 42)
        #expect(try await first(of: foo.value).value as? Int == 42)
    }

    /// `testAbortedTransactionSetsCommittedToFalseInCallback`.
    @Test func anAbortedTransactionIsNotCommitted() async throws {
        let foo = try makeDatabase().reference(withPath: "node/foo")
        let (committed, snapshot) = try await transact(foo) { _ in .abort() }
        #expect(!committed)
        #expect(!snapshot.exists())
    }

    /// `testUseTransactionToCreateANodeMakeSureExactlyOneEventIsReceived`.
    @Test func creatingANodeRaisesExactlyOneValueEvent() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        let log = EventLog()
        node.child("a").log([.value], into: log)
        #expect(try await log.take(1) == ["value null"])
        _ = try await transact(node.child("a")) { data in
            data.value = 42
            return .success(withValue: data)
        }
        node.child("a").log([.value], into: log, label: "marker ")
        #expect(try await log.take(2) == ["value 42", "marker value 42"])
    }

    /// `testUseTransactionToUpdateTwoExistingChildNodesMakeSureEventsAreOnlyRaisedForChangedNode`.
    @Test func onlyTheChangedChildRaisesAValueEvent() async throws {
        let (one, two) = try makeTwoClients()
        try await one.reference(withPath: "foo").setValue(["a": 42, "b": 42])
        let node = two.reference(withPath: "foo")
        let log = EventLog()
        node.child("a").log([.value], into: log, label: "a ")
        node.child("b").log([.value], into: log, label: "b ")
        #expect(Set(try await log.take(2)) == ["a value 42", "b value 42"])
        let (committed, _) = try await transact(node) { data in
            data.value = ["a": 42, "b": 87]
            return .success(withValue: data)
        }
        #expect(committed)
        node.log([.value], into: log, label: "marker ")
        let lines = try await log.take(through: #"marker value {"a":42,"b":87}"#)
        #expect(lines == ["b value 87", #"marker value {"a":42,"b":87}"#])
    }

    /// `testTransactionOnlyCalledOnceWhenInitializingAnEmptyNode`.
    @Test func anEmptyNodeIsInitializedInOneRun() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        let runs = Locked<[String]>([])
        let (committed, _) = try await transact(node) { data in
            runs.withLock { $0.append(json(data.value)) }
            data.value = ["a": 5, "b": 6]
            return .success(withValue: data)
        }
        #expect(committed)
        #expect(runs.withLock { $0 } == ["null"])
    }

    /// `testSecondTransactionGetsRunImmediatelyOnPreviousOutputAndOnlyRunsOnce`.
    @Test func aSecondTransactionRunsOnceOnTheFirstsOutput() async throws {
        let (one, two) = try makeTwoClients()
        let ref = one.reference(withPath: "node")
        let seen = Locked<[String]>([])
        async let firstRun = transact(ref) { data in
            seen.withLock { $0.append("first \(json(data.value))") }
            data.value = 42
            return .success(withValue: data)
        }
        try await waitUntil { seen.withLock { !$0.isEmpty } }
        let (secondCommitted, _) = try await transact(ref) { data in
            seen.withLock { $0.append("second \(json(data.value))") }
            data.value = 84
            return .success(withValue: data)
        }
        let (firstCommitted, _) = try await firstRun
        #expect(firstCommitted && secondCommitted)
        #expect(seen.withLock { $0 } == ["first null", "second 42"])
        #expect(try await first(of: ref.value).value as? Int == 84)
        #expect(try await two.reference(withPath: "node").getData().value as? Int == 84)
    }
}
