// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database: purgeOutstandingWrites, observeSingleEventAndPreviousSiblingKey, ServerTimestamp")
struct PurgeAndAsyncTests {
    /// The error codes completion blocks received, in order.
    private final class Codes: Sendable {
        let codes = Locked<[String]>([])
        func record(_ error: (any Error)?) {
            codes.withLock { $0.append((error as? DatabaseError)?.code.description ?? (error == nil ? "ok" : "?")) }
        }
        var all: [String] { codes.withLock { $0 } }
    }

    @Test func purgeCancelsOfflineWritesWithWriteCanceledAndRevertsTheLocalValue() async throws {
        let backend = LocalDatabaseBackend()
        let db = try makeDatabase(backend: backend)
        let ref = db.reference(withPath: "a")
        try await ref.setValue("kept")
        let log = EventLog()
        ref.log([.value], into: log)
        #expect(try await log.take(1) == [#"value "kept""#])
        db.goOffline()
        let codes = Codes()
        ref.setValue("dropped") { error, _ in codes.record(error) }
        ref.updateChildValues(["x": 1]) { error, _ in codes.record(error) }
        #expect(try await log.take(2) == [#"value "dropped""#, #"value {"x":1}"#])
        db.purgeOutstandingWrites()
        try await waitUntil { codes.all.count == 2 }
        #expect(codes.all == ["write_canceled", "write_canceled"])
        #expect(try await log.take(1) == [#"value "kept""#])
        db.goOnline()
        try await db.reference(withPath: "b").setValue(1)
        #expect(try await ref.getData().value as? String == "kept")
        let other = try makeDatabase(backend: backend, name: "other")
        #expect(try await other.reference(withPath: "a").getData().value as? String == "kept")
    }

    @Test func anAsyncWriteThrowsWriteCanceled() async throws {
        let db = try makeDatabase()
        db.goOffline()
        let write = Task { try await db.reference(withPath: "a").setValue(1) }
        try await waitUntil { db.engine.state.withLock { !$0.pending.isEmpty } }
        db.purgeOutstandingWrites()
        let outcome = try await result(of: write)
        guard case .failure(let error) = outcome else {
            Issue.record("the write was not cancelled")
            return
        }
        #expect((error as? DatabaseError)?.code == .writeCanceled)
        #expect((error as? DatabaseError)?.message == "Write cancelled by user")
    }

    @Test func purgeCancelsQueuedOnDisconnectOperations() async throws {
        let db = try makeDatabase()
        db.goOffline()
        let codes = Codes()
        db.reference(withPath: "presence").onDisconnectSetValue("gone") { error, _ in codes.record(error) }
        db.reference(withPath: "presence").cancelDisconnectOperations(withCompletionBlock: { error, _ in
            codes.record(error)
        })
        db.purgeOutstandingWrites()
        try await waitUntil { codes.all.count == 2 }
        #expect(codes.all == ["write_canceled", "write_canceled"])
        db.goOnline()
        db.goOffline()
        #expect(try await db.reference(withPath: "presence").getData().value == nil)
    }

    @Test func purgeAbortsATransactionWaitingToBeSent() async throws {
        let db = try makeDatabase()
        let ref = db.reference(withPath: "counter")
        db.goOffline()
        let done = Locked<String?>(nil)
        ref.runTransactionBlock(
            { data in
                data.value = 1
                return .success(withValue: data)
            },
            andCompletionBlock: { error, committed, _ in
                done.withLock { $0 = "\((error as? DatabaseError)?.code.description ?? "nil") \(committed)" }
            })
        try await waitUntil { db.engine.state.withLock { !$0.pending.isEmpty } }
        db.purgeOutstandingWrites()
        try await waitUntil { done.withLock { $0 } != nil }
        #expect(done.withLock { $0 } == "write_canceled false")
        #expect(db.engine.localNode(at: DatabasePath(keys: ["counter"])).isNull)
    }

    @Test func acknowledgedWritesAreNotCancelled() async throws {
        let db = try makeDatabase()
        let codes = Codes()
        try await db.reference(withPath: "a").setValue(1)
        db.reference(withPath: "b").setValue(2) { error, _ in codes.record(error) }
        try await waitUntil { codes.all.count == 1 }
        db.purgeOutstandingWrites()
        #expect(codes.all == ["ok"])
        #expect(try await db.reference().getData().value as? [String: Int] == ["a": 1, "b": 2])
    }

    @Test func purgedWritesAreNeverSentOverHTTP() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "kept").setValue(1)
            db.goOffline()
            let codes = Codes()
            db.reference(withPath: "dropped").setValue(2) { error, _ in codes.record(error) }
            db.purgeOutstandingWrites()
            try await waitUntil { codes.all.count == 1 }
            #expect(codes.all == ["write_canceled"])
            db.goOnline()
            try await db.reference(withPath: "after").setValue(3)
            #expect(fake.value(at: "dropped") == nil)
            #expect(fake.value(at: "after") as? Int == 3)
            #expect(!server.requests.contains { $0.path.hasPrefix("/dropped") })
        }
    }

    // MARK: - observeSingleEventAndPreviousSiblingKey(of:)

    @Test func observeSingleEventAsyncGivesTheEventAndThePreviousKey() async throws {
        let ref = try makeDatabase().reference(withPath: "list")
        try await ref.setValue(["a": 1, "b": 2])
        let (first, firstPrevious) = try await ref.observeSingleEventAndPreviousSiblingKey(of: .childAdded)
        #expect(first.key == "a")
        #expect(firstPrevious == nil)
        let (value, valuePrevious) = try await ref.observeSingleEventAndPreviousSiblingKey(of: .value)
        #expect(json(value.value) == #"{"a":1,"b":2}"#)
        #expect(valuePrevious == nil)
        let changed = Task { try await ref.observeSingleEventAndPreviousSiblingKey(of: .childChanged) }
        try await waitUntil { ref.database.engine.state.withLock { $0.listeners.count == 1 } }
        try await ref.child("b").setValue(3)
        let (snapshot, previous) = try await result(of: changed).get()
        #expect(snapshot.key == "b")
        #expect(snapshot.value as? Int == 3)
        #expect(previous == "a")
        #expect(try await ref.observeSingleEvent(of: .value).childrenCount == 2)
    }

    @Test func observeSingleEventAsyncThrowsTheQuerysError() async throws {
        let query = try makeDatabase().reference(withPath: "a").queryLimited(toFirst: 0)
        let outcome = try await result(of: Task { try await query.observeSingleEventAndPreviousSiblingKey(of: .value) })
        guard case .failure(let error) = outcome else {
            Issue.record("an invalid query delivered an event")
            return
        }
        #expect((error as? DatabaseError)?.code == .invalidArgument)
    }

    // MARK: - ServerTimestamp

    struct Post: Codable {
        var title: String
        @ServerTimestamp var createdAt: Date?
    }

    @Test func aNilServerTimestampIsWrittenAsTheServersTime() async throws {
        let ref = try makeDatabase().reference(withPath: "post")
        let before = Int(Date().timeIntervalSince1970 * 1000)
        try await ref.setValue(from: Post(title: "Hi", createdAt: nil))
        let after = Int(Date().timeIntervalSince1970 * 1000)
        let stored = try #require(try await ref.child("createdAt").getData().value as? Int)
        #expect((before...after).contains(stored))
        let post = try await ref.getData().data(as: Post.self)
        #expect(post.createdAt == Date(timeIntervalSince1970: TimeInterval(stored) / 1000))
    }

    @Test func aServerTimestampDateIsWrittenAsMilliseconds() async throws {
        let ref = try makeDatabase().reference(withPath: "post")
        try await ref.setValue(from: Post(title: "Hi", createdAt: Date(timeIntervalSince1970: 1_700_000_000.1239)))
        #expect(try await ref.child("createdAt").getData().value as? Int == 1_700_000_000_123)
        let encoded = try JSONEncoder().encode(Post(title: "x", createdAt: nil))
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""createdAt":{".sv":"timestamp"}"#))
    }
}
