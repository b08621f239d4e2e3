// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// Transactions: reads before writes, retries on contention, failedPrecondition after the attempts.
@Suite(.timeLimit(.minutes(3)))
struct TransactionTests {
    @Test func transactionReadsThenWritesAndReturnsItsValue() async throws {
        let db = try makeFirestore()
        let counter = db.document("counters/visits")
        try await counter.setData(["count": 41])
        let result = try await db.runTransaction { transaction in
            let snapshot = try await transaction.getDocument(counter)
            let count = (snapshot.get("count")?.integerValue ?? 0) + 1
            transaction.updateData(["count": .integer(count)], forDocument: counter)
            return count
        }
        #expect(result == 42)
        #expect(try await counter.getDocument().get("count") == 42)
    }

    @Test func readAfterAWriteIsInvalid() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        let error = await #expect(throws: FirestoreError.self) {
            try await db.runTransaction { transaction in
                transaction.setData(["n": 1], forDocument: doc)
                _ = try await transaction.getDocument(doc)
            }
        }
        #expect(
            error
                == FirestoreError(
                    .invalidArgument,
                    "Firestore transactions require all reads to be executed before all writes."))
        #expect(try await doc.getDocument().exists == false)
    }

    @Test func documentChangedAfterTheReadRetriesTheTransaction() async throws {
        let db = try makeFirestore()
        let counter = db.document("counters/c")
        try await counter.setData(["count": 0])
        let attempts = Locked(0)
        try await db.runTransaction { transaction in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            let snapshot = try await transaction.getDocument(counter)
            if attempt == 1 {
                try await counter.updateData(["count": FieldValue.increment(10)])  // someone else writes
            }
            let count = snapshot.get("count")!.integerValue! + 1
            transaction.updateData(["count": .integer(count)], forDocument: counter)
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(try await counter.getDocument().get("count") == 11)
    }

    @Test func constantContentionAbortsAfterFiveAttempts() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["n": 0])
        let attempts = Locked(0)
        let error = await #expect(throws: FirestoreError.self) {
            try await db.runTransaction { transaction in
                attempts.withLock { $0 += 1 }
                _ = try await transaction.getDocument(doc)
                try await doc.updateData(["n": FieldValue.increment(1)])
                transaction.setData(["n": -1], forDocument: doc)
            }
        }
        #expect(error?.code == .failedPrecondition)  // as the SDK's testMakesDefaultMaxAttempts
        #expect(error?.code.rawValue == 9)
        #expect(attempts.withLock { $0 } == 5)
        #expect(try await doc.getDocument().get("n") == 5)
    }

    @Test func maxAttemptsIsConfigurable() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["n": 0])
        let attempts = Locked(0)
        await #expect(throws: FirestoreError.self) {
            try await db.runTransaction(maxAttempts: 2) { transaction in
                attempts.withLock { $0 += 1 }
                _ = try await transaction.getDocument(doc)
                try await doc.updateData(["n": FieldValue.increment(1)])
                transaction.deleteDocument(doc)
            }
        }
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test func readOnlyDocumentThatChangedAlsoAborts() async throws {
        let db = try makeFirestore()
        let watched = db.document("c/watched")
        let written = db.document("c/written")
        try await watched.setData(["n": 0])
        let attempts = Locked(0)
        try await db.runTransaction { transaction in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            _ = try await transaction.getDocument(watched)
            if attempt == 1 { try await watched.setData(["n": 1]) }
            transaction.setData(["copied": true], forDocument: written)
        }
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test func documentMissingWhenReadMustStillBeMissing() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/new")
        let attempts = Locked(0)
        try await db.runTransaction { transaction in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            let snapshot = try await transaction.getDocument(doc)
            if attempt == 1 {
                #expect(!snapshot.exists)
                try await doc.setData(["by": "other"])
            }
            if !snapshot.exists { transaction.setData(["by": "transaction"], forDocument: doc) }
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(try await doc.getDocument().get("by") == "other")
    }

    @Test func errorThrownByTheBlockIsNotRetriedAndWritesNothing() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        let attempts = Locked(0)
        await #expect(throws: FakeError("nope")) {
            try await db.runTransaction { transaction in
                attempts.withLock { $0 += 1 }
                transaction.setData(["n": 1], forDocument: doc)
                throw FakeError("nope")
            }
        }
        #expect(attempts.withLock { $0 } == 1)
        #expect(try await doc.getDocument().exists == false)
    }

    @Test func updateOfADocumentReadAsMissingIsInvalid() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/missing")
        #expect(
            await firestoreCode {
                try await db.runTransaction { transaction in
                    _ = try await transaction.getDocument(doc)
                    transaction.updateData(["n": 1], forDocument: doc)
                }
            } == .invalidArgument)
    }

    @Test func contendingTransactionsFromTwoTasksBothCommit() async throws {
        let db = try makeFirestore()
        let counter = db.document("counters/shared")
        try await counter.setData(["count": 0])
        let bothRead = Gate()
        let reads = Locked(0)
        let attempts = Locked(0)
        @Sendable func increment() async throws {
            try await db.runTransaction { transaction in
                attempts.withLock { $0 += 1 }
                let snapshot = try await transaction.getDocument(counter)
                if reads.withLock({
                    $0 += 1
                    return $0
                }) >= 2 {
                    bothRead.open()
                }
                try await bothRead.wait(timeout: defaultTestTimeout)  // both first attempts read the same version
                transaction.updateData(
                    ["count": .integer(snapshot.get("count")!.integerValue! + 1)], forDocument: counter)
            }
        }
        let first = Task { try await increment() }
        let second = Task { try await increment() }
        // Longer than the gate's timeout, so that a gate that never opens is the failure reported.
        try await value(of: first)
        try await value(of: second)
        #expect(try await counter.getDocument().get("count") == 2)
        #expect(attempts.withLock { $0 } == 3)  // one of the two retried once
    }

    @Test func transactionOptionsMaxAttemptsIsRespected() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["count": 15])
        let attempts = Locked(0)
        let code = await firestoreCode {
            try await db.runTransaction(with: TransactionOptions(maxAttempts: 7)) { transaction in
                let attempt = attempts.withLock {
                    $0 += 1
                    return $0
                }
                _ = try await transaction.getDocument(doc)
                try await doc.setData(["count": .integer(Int64(attempt))])  // a write outside, every attempt
                transaction.setData(["count": 1234], forDocument: doc)
            }
        }
        #expect(code == .failedPrecondition)
        #expect(attempts.withLock { $0 } == 7)
        #expect(TransactionOptions().maxAttempts == 5)
        #expect(
            await firestoreCode {
                try await db.runTransaction(with: TransactionOptions(maxAttempts: 0)) { _ in }
            } == .invalidArgument)
    }

    /// The SDK's testRetriesWhenDocumentThatWasReadWithoutBeingWrittenChanges: the same data written again
    /// does not bump the version, so the second attempt commits.
    @Test func rewritingIdenticalDataKeepsTheVersionSoTheNextAttemptCommits() async throws {
        let backend = LocalFirestoreBackend()
        let db = try makeFirestore(backend: backend)
        let read = db.document("counters/read")
        let written = db.document("counters/written")
        try await read.setData(["count": 15])
        let attempts = Locked(0)
        try await db.runTransaction { transaction in
            attempts.withLock { $0 += 1 }
            _ = try await transaction.getDocument(read)
            try await read.setData(["count": 1234])  // bumps the version once, then changes nothing
            transaction.setData(["count": 16], forDocument: written)
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(try await written.getDocument().get("count") == 16)

        let before = try backend.document(
            at: "counters/read", database: db.databaseID,
            caller: nil
        ).value
        try await read.setData(["count": 1234])
        try await read.updateData(["count": 1234])
        let after = try backend.document(
            at: "counters/read", database: db.databaseID,
            caller: nil
        ).value
        #expect(before?.version == after?.version)
        #expect(before?.updateTime == after?.updateTime)
        try await read.setData(["count": 1235])
        let changed = try backend.document(
            at: "counters/read", database: db.databaseID,
            caller: nil
        ).value
        #expect(changed!.version > after!.version)
    }

    @Test func getDocumentOfAnotherFirestoreIsRejectedLikeWrites() async throws {
        let (first, second) = try makeTwoClients()
        let foreign = second.document("c/d")
        var readError: FirestoreError?
        var writeError: FirestoreError?
        do {
            try await first.runTransaction { transaction in _ = try await transaction.getDocument(foreign) }
        } catch let error as FirestoreError { readError = error }
        do {
            try await first.runTransaction { transaction in transaction.setData(["n": 1], forDocument: foreign) }
        } catch let error as FirestoreError { writeError = error }
        #expect(readError?.code == .invalidArgument)
        #expect(readError == writeError)
    }

    // MARK: The SDK's TransactionTester matrix (FIRTransactionTests / transaction.test.ts)

    enum Stage: String, Sendable, CustomStringConvertible {
        case get, set1, set2, update1, update2, delete1
        var description: String { rawValue }
    }

    enum Outcome: Sendable, Equatable {
        case document(String)
        case missing
        case error(FirestoreErrorCode)
    }

    struct MatrixCase: Sendable, CustomTestStringConvertible {
        let existing: Bool
        let stages: [Stage]
        let outcome: Outcome
        var testDescription: String { "\(existing ? "existing" : "missing") \(stages)" }
    }

    static let matrix: [MatrixCase] = {
        func cases(_ existing: Bool, _ list: [([Stage], Outcome)]) -> [MatrixCase] {
            list.map { MatrixCase(existing: existing, stages: $0.0, outcome: $0.1) }
        }
        let bar2 = Outcome.document("bar2")
        return cases(
            true,
            [  // testRunsTransactionsAfterGettingExistingDoc
                ([.get, .delete1, .delete1], .missing), ([.get, .delete1, .update2], .error(.invalidArgument)),
                ([.get, .delete1, .set2], bar2), ([.get, .update1, .delete1], .missing),
                ([.get, .update1, .update2], bar2), ([.get, .update1, .set2], bar2),
                ([.get, .set1, .delete1], .missing), ([.get, .set1, .update2], bar2), ([.get, .set1, .set2], bar2),
            ])
            + cases(
                false,
                [  // testRunsTransactionsAfterGettingNonexistentDoc
                    ([.get, .delete1, .delete1], .missing), ([.get, .delete1, .update2], .error(.invalidArgument)),
                    ([.get, .delete1, .set2], bar2), ([.get, .update1, .delete1], .error(.invalidArgument)),
                    ([.get, .update1, .update2], .error(.invalidArgument)),
                    ([.get, .update1, .set2], .error(.invalidArgument)),
                    ([.get, .set1, .delete1], .missing), ([.get, .set1, .update2], bar2), ([.get, .set1, .set2], bar2),
                ])
            + cases(
                true,
                [  // testRunsTransactionsOnExistingDoc
                    ([.delete1, .delete1], .missing), ([.delete1, .update2], .error(.invalidArgument)),
                    ([.delete1, .set2], bar2), ([.update1, .delete1], .missing), ([.update1, .update2], bar2),
                    ([.update1, .set2], bar2), ([.set1, .delete1], .missing), ([.set1, .update2], bar2),
                    ([.set1, .set2], bar2),
                ])
            + cases(
                false,
                [  // testRunsTransactionsOnNonexistentDoc
                    ([.delete1, .delete1], .missing), ([.delete1, .update2], .error(.notFound)),
                    ([.delete1, .set2], bar2), ([.update1, .delete1], .error(.notFound)),
                    ([.update1, .update2], .error(.notFound)), ([.update1, .set2], .error(.notFound)),
                    ([.set1, .delete1], .missing), ([.set1, .update2], bar2), ([.set1, .set2], bar2),
                ])
    }()

    @Test(arguments: matrix)
    func transactionTesterMatrix(_ testCase: MatrixCase) async throws {
        let db = try makeFirestore()
        let doc = db.document("tester/doc")
        if testCase.existing { try await doc.setData(["foo": "bar0"]) }
        let attempts = Locked(0)
        let code = await firestoreCode {
            try await db.runTransaction { transaction in
                attempts.withLock { $0 += 1 }
                for stage in testCase.stages {
                    switch stage {
                    case .get: _ = try await transaction.getDocument(doc)
                    case .set1: transaction.setData(["foo": "bar1"], forDocument: doc)
                    case .set2: transaction.setData(["foo": "bar2"], forDocument: doc)
                    case .update1: transaction.updateData(["foo": "bar1"], forDocument: doc)
                    case .update2: transaction.updateData(["foo": "bar2"], forDocument: doc)
                    case .delete1: transaction.deleteDocument(doc)
                    }
                }
            }
        }
        let snapshot = try await doc.getDocument()
        switch testCase.outcome {
        case .document(let foo):
            #expect(code == nil)
            #expect(snapshot.get("foo") == .string(foo))
        case .missing:
            #expect(code == nil)
            #expect(!snapshot.exists)
        case .error(let expected):
            #expect(code == expected)
            #expect(snapshot.exists == testCase.existing)  // nothing written
            #expect(attempts.withLock { $0 } == 1)  // not retried
        }
    }

    @Test func transactionWritesReachListenersWithoutPendingWrites() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        let recorder = doc.record(includeMetadataChanges: true)
        #expect(try await recorder.next().exists == false)
        try await db.runTransaction { transaction in
            transaction.setData(["n": 1], forDocument: doc)
        }
        let snapshot = try await recorder.next()
        #expect(snapshot.get("n") == 1)
        #expect(!snapshot.metadata.hasPendingWrites)
        recorder.remove()
    }
}
