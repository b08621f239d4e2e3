// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database transactions: runTransactionBlock, MutableData, TransactionResult")
struct TransactionTests {
    /// `ref.runTransactionBlock(block)` (async form), bounded.
    private func transact(
        _ ref: DatabaseReference,
        _ block: @escaping @Sendable (MutableData) -> TransactionResult
    ) async throws -> (Bool, DataSnapshot) {
        try await result(of: Task { try await ref.runTransactionBlock(block) }).get()
    }

    /// The code of the error a bounded transaction threw.
    private func code(
        _ ref: DatabaseReference,
        _ block: @escaping @Sendable (MutableData) -> TransactionResult
    ) async throws -> DatabaseErrorCode? {
        let outcome = try await result(of: Task { try await ref.runTransactionBlock(block) })
        guard case .failure(let error) = outcome else { return nil }
        return (error as? DatabaseError)?.code
    }

    /// Writes `value` at `path` as another client would, straight into the backend.
    private func otherClientWrites(_ value: Double, at path: String, _ backend: LocalDatabaseBackend, _ db: Database) {
        let write = DatabaseBackendWrite(sets: [(DatabasePath(keys: [path]), DatabaseNode(.number(value)))])
        try? backend.write(write, database: db.url, caller: DatabaseCaller(), origin: "other")
    }

    @Test func blockFirstSeesTheLocalValueThenCommits() async throws {
        let ref = try makeDatabase().reference(withPath: "counter")
        let seen = Locked<[String]>([])
        let (committed, snapshot) = try await transact(ref) { data in
            seen.withLock { $0.append(json(data.value)) }
            data.value = ((data.value as? Int) ?? 0) + 1
            return .success(withValue: data)
        }
        #expect(committed)
        #expect(snapshot.value as? Int == 1)
        #expect(seen.withLock { $0 } == ["null"])
        #expect(try await ref.getData().value as? Int == 1)
    }

    @Test func abortCommitsNothingAndReportsNoError() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        try await ref.setValue("kept")
        let (committed, snapshot) = try await transact(ref) { _ in .abort() }
        #expect(!committed)
        #expect(snapshot.value as? String == "kept")
        #expect(try await ref.getData().value as? String == "kept")
    }

    @Test func retriesWithTheServersValueWhenAnotherClientWroteMeanwhile() async throws {
        let backend = LocalDatabaseBackend()
        let db = try makeDatabase(backend: backend)
        let ref = db.reference(withPath: "counter")
        try await ref.setValue(0)
        let seen = Locked<[String]>([])
        let (committed, snapshot) = try await transact(ref) { data in
            let first = seen.withLock { seen in
                seen.append(json(data.value))
                return seen.count == 1
            }
            if first { otherClientWrites(10, at: "counter", backend, db) }
            data.value = ((data.value as? Int) ?? 0) + 1
            return .success(withValue: data)
        }
        #expect(committed)
        #expect(snapshot.value as? Int == 11)
        #expect(seen.withLock { $0 } == ["0", "10"])
        #expect(try await ref.getData().value as? Int == 11)
    }

    /// The block runs 25 times in all (the SDK's `kFTransactionMaxRetries`; it ran 26 times before).
    @Test func givesUpWithMaxretryAfterTwentyFiveRuns() async throws {
        let backend = LocalDatabaseBackend()
        let db = try makeDatabase(backend: backend)
        let ref = db.reference(withPath: "hot")
        let runs = Locked(0)
        let failure = try await code(ref) { data in
            let run = runs.withLock { runs in
                runs += 1
                return runs
            }
            otherClientWrites(Double(run) * 100, at: "hot", backend, db)
            data.value = run
            return .success(withValue: data)
        }
        #expect(failure == .maxRetries)
        #expect(runs.withLock { $0 } == 25)
        #expect(try await ref.getData().value as? Int == 2500)
    }

    @Test func setValueOnTheLocationAbortsWithSet() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        let written = Gate()
        let failure = try await code(ref) { data in
            ref.setValue("set wins") { _, _ in written.open() }
            data.value = "transaction"
            return .success(withValue: data)
        }
        #expect(failure == .overriddenBySet)
        try await written.wait(timeout: defaultTestTimeout)
        #expect(try await ref.getData().value as? String == "set wins")
    }

    /// A committed transaction's local write ends even when it changed nothing (the block kept the value), so it
    /// does not hide later changes by other clients.
    @Test func aCommittedTransactionThatChangedNothingDoesNotHideLaterChanges() async throws {
        let backend = LocalDatabaseBackend()
        let db = try makeDatabase(backend: backend)
        let ref = db.reference(withPath: "counter")
        try await ref.setValue(1)
        let (committed, _) = try await transact(ref) { data in .success(withValue: data) }
        #expect(committed)
        let log = EventLog()
        ref.log([.value], into: log)
        #expect(try await log.take(1) == ["value 1"])
        otherClientWrites(5, at: "counter", backend, db)
        #expect(try await log.take(1) == ["value 5"])
        #expect(try await ref.getData().value as? Int == 5)
    }

    @Test func localEventsShowTheTentativeValueAndItsRevert() async throws {
        let db = try makeDatabase(backend: LocalDatabaseBackend(rules: { $0.operation == .read }))
        let ref = db.reference(withPath: "a")
        let log = EventLog()
        ref.log([.value], into: log)
        #expect(try await log.take(1) == ["value null"])
        #expect(
            try await code(ref) { data in
                data.value = 1
                return .success(withValue: data)
            } == .permissionDenied)
        #expect(try await log.take(2) == ["value 1", "value null"])
    }

    @Test func withoutLocalEventsTheTentativeValueRaisesNone() async throws {
        let db = try makeDatabase(backend: LocalDatabaseBackend(rules: { $0.operation == .read }))
        let ref = db.reference(withPath: "a")
        let log = EventLog()
        ref.log([.value], into: log)
        #expect(try await log.take(1) == ["value null"])
        let outcome = Locked<DatabaseErrorCode?>(nil)
        let done = Gate()
        ref.runTransactionBlock(
            { data in
                data.value = 1
                return .success(withValue: data)
            },
            andCompletionBlock: { error, _, _ in
                outcome.withLock { $0 = (error as? DatabaseError)?.code }
                done.open()
            }, withLocalEvents: false)
        try await done.wait(timeout: defaultTestTimeout)
        #expect(outcome.withLock { $0 } == .permissionDenied)
        try await waitUntil { db.engine.isIdle }
        #expect(log.all.isEmpty)
    }

    @Test func racingClientsLoseNoIncrement() async throws {
        let (alice, bob) = try makeTwoClients()
        let increment: @Sendable (MutableData) -> TransactionResult = { data in
            data.value = ((data.value as? Int) ?? 0) + 1
            return .success(withValue: data)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in [alice, bob] {
                for _ in 0..<10 {
                    group.addTask { _ = try await transact(client.reference(withPath: "count"), increment) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await alice.reference(withPath: "count").getData().value as? Int == 20)
    }

    @Test func invalidReferenceFailsWithInvalidArgument() async throws {
        let ref = try makeDatabase().reference(withPath: "a.b")
        #expect(try await code(ref) { .success(withValue: $0) } == .invalidArgument)
    }

    @Test func mutableDataChildrenShareTheValue() async throws {
        let ref = try makeDatabase().reference(withPath: "user")
        try await ref.setValue(["name": "Ada", "visits": 1])
        let keys = Locked<[String]>([])
        let (committed, snapshot) = try await transact(ref) { data in
            keys.withLock { $0 = data.children.compactMap(\.key) }
            let visits = data.childData(byAppendingPath: "visits")
            visits.value = ((visits.value as? Int) ?? 0) + 1
            data.childData(byAppendingPath: "stats/last").value = "today"
            data.priority = 3
            return .success(withValue: data)
        }
        #expect(committed)
        #expect(keys.withLock { $0 } == ["name", "visits"])
        #expect(json(snapshot.value) == #"{"name":"Ada","stats":{"last":"today"},"visits":2}"#)
        #expect(snapshot.priority as? Int == 3)
        #expect(snapshot.childrenCount == 3)
    }

    @Test func formWithoutCompletionCommitsWithLocalEvents() async throws {
        let ref = try makeDatabase().reference(withPath: "n")
        let log = EventLog()
        ref.log([.value], into: log)
        #expect(try await log.take(1) == ["value null"])
        // From a synchronous closure: in an async context the call would pick the async form.
        let start = {
            ref.runTransactionBlock { data in
                data.value = "done"
                return .success(withValue: data)
            }
        }
        start()
        #expect(try await log.take(1) == [#"value "done""#])
        #expect(try await ref.getData().value as? String == "done")
    }
}
