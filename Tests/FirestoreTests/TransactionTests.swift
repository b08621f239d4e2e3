import FlintCore
@testable import FlintFirestore
import FlintTesting
import Testing

/// Transactions: reads before writes, retries on contention, aborted after the attempts.
@Suite(.timeLimit(.minutes(1)))
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
        #expect(error == FirestoreError(.invalidArgument,
                                        "Firestore transactions require all reads to be executed before all writes."))
        #expect(try await doc.getDocument().exists == false)
    }

    @Test func documentChangedAfterTheReadRetriesTheTransaction() async throws {
        let db = try makeFirestore()
        let counter = db.document("counters/c")
        try await counter.setData(["count": 0])
        let attempts = Locked(0)
        try await db.runTransaction { transaction in
            let attempt = attempts.withLock { $0 += 1; return $0 }
            let snapshot = try await transaction.getDocument(counter)
            if attempt == 1 {
                try await counter.updateData(["count": FieldValue.increment(10)])   // someone else writes
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
        #expect(error?.code == .aborted)
        #expect(error?.code.rawValue == 10)
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
            let attempt = attempts.withLock { $0 += 1; return $0 }
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
            let attempt = attempts.withLock { $0 += 1; return $0 }
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
        #expect(await firestoreCode {
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
                if reads.withLock({ $0 += 1; return $0 }) >= 2 { bothRead.open() }
                try await bothRead.wait(timeout: .seconds(5))   // both first attempts read the same version
                transaction.updateData(["count": .integer(snapshot.get("count")!.integerValue! + 1)], forDocument: counter)
            }
        }
        let first = Task { try await increment() }
        let second = Task { try await increment() }
        // Longer than the gate's timeout, so that a gate that never opens is the failure reported.
        try await value(of: first, timeout: .seconds(10))
        try await value(of: second, timeout: .seconds(10))
        #expect(try await counter.getDocument().get("count") == 2)
        #expect(attempts.withLock { $0 } == 3)   // one of the two retried once
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
