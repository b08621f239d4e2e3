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

    /// `testTransactionAbortsAfter25Retries`: another client changes the data on every run (the SDK hijacks the
    /// hash), and the block runs at most 25 times before the transaction fails.
    @Test func aTransactionAbortsAfter25Runs() async throws {
        let backend = LocalDatabaseBackend()
        let db = try makeDatabase(backend: backend)
        let ref = db.reference(withPath: "hot")
        let tries = Locked(0)
        let outcome = try await result(
            of: Task {
                try await ref.runTransactionBlock { data in
                    let run = tries.withLock { tries in
                        tries += 1
                        return tries
                    }
                    let write = DatabaseBackendWrite(sets: [
                        (DatabasePath(keys: ["hot"]), DatabaseNode(.number(Double(run))))
                    ])
                    try? backend.write(write, database: db.url, caller: DatabaseCaller(), origin: "other")
                    return .success(withValue: data)
                }
            })
        guard case .failure(let error) = outcome else {
            Issue.record("the transaction committed")
            return
        }
        #expect((error as? DatabaseError)?.code == .maxRetries)
        #expect(tries.withLock { $0 } == 25)
    }

    /// `testSetCancelsPendingTransaction`: a transaction on a parent waits while its child's is outstanding, and
    /// a `setValue` on the child before it is sent aborts it. (The SDK relies on the server's round trip to keep
    /// the parent's unsent; here the client is offline until the set is made.)
    @Test func aSetCancelsAPendingTransactionOnTheParent() async throws {
        let db = try makeDatabase()
        let node = db.reference(withPath: "node")
        let log = EventLog()
        node.log([.value], into: log)
        #expect(try await log.take(1) == ["value null"])
        db.goOffline()
        let firstRuns = Locked(0)
        let outcomes = Locked<[String: String]>([:])
        node.child("foo").runTransactionBlock(
            { data in
                firstRuns.withLock { $0 += 1 }
                data.value = 42
                return .success(withValue: data)
            },
            andCompletionBlock: { error, committed, _ in
                outcomes.withLock {
                    $0["first"] = "\((error as? DatabaseError)?.code.description ?? "nil") \(committed)"
                }
            })
        #expect(try await log.take(1) == [#"value {"foo":42}"#])
        node.runTransactionBlock(
            { data in
                data.value = ["foo": 84, "bar": 1]
                return .success(withValue: data)
            },
            andCompletionBlock: { error, committed, _ in
                outcomes.withLock {
                    $0["second"] = "\((error as? DatabaseError)?.code.description ?? "nil") \(committed)"
                }
            })
        #expect(try await log.take(1) == [#"value {"bar":1,"foo":84}"#])
        node.child("foo").setValue(0) { _, _ in }
        db.goOnline()
        try await waitUntil { outcomes.withLock { $0.count } == 2 }
        // The parent's is never committed, as in the SDK. The child's was not sent either (offline), so the set
        // aborts it too, as the SDK's `abortTransactionsAtPath` aborts an unsent one; the SDK's test sends it
        // first and sees it commit.
        #expect(outcomes.withLock { $0 } == ["first": "set false", "second": "set false"])
        #expect(firstRuns.withLock { $0 } == 1)
        #expect(try await node.getData().value as? [String: Int] == ["foo": 0])
    }

    /// `testPriorityIsNotPreservedWhenSettingData`.
    @Test func settingTheValueDropsThePriority() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        try await ref.setValue("test", andPriority: 5)
        let (committed, snapshot) = try await transact(ref) { data in
            data.value = "new value"
            return .success(withValue: data)
        }
        #expect(committed)
        #expect(snapshot.value as? String == "new value")
        #expect(snapshot.priority == nil)
        #expect(try await ref.getData().priority == nil)
    }

    /// `FIRMutableData`'s `children` enumerate the node's children by priority (its `FIndexedNode`'s default
    /// index); `hasChildren` is a method, as transaction blocks call it (`currentData.hasChildren()`).
    @Test func mutableDataChildrenComeInPriorityOrder() async throws {
        let ref = try makeDatabase().reference(withPath: "list")
        try await ref.setValue([
            "a": [".value": 1, ".priority": "z"], "b": [".value": 2, ".priority": 5], "c": 3,
            "d": [".value": 4, ".priority": 1],
        ])
        let seen = Locked<[String]>([])
        let (committed, _) = try await transact(ref) { data in
            seen.withLock { $0 = data.children.map { $0.key ?? "?" } + ["\(data.hasChildren())"] }
            return .success(withValue: data)
        }
        #expect(committed)
        #expect(seen.withLock { $0 } == ["c", "d", "b", "a", "true"])
    }
}
