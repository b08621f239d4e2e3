// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FData.m` (`FirebaseDatabase/Tests/Integration`) tests of server values as priorities, against the
/// embedded backend. The SDK's "no more than 2 seconds ago" checks become "between the times read before and
/// after the write", which a stalled machine cannot fail.
@Suite("SDK FData: server values as priorities")
struct SDKServerValueTests {
    /// The data of `testServerTimestampSetWithPriority…`.
    private let data: [String: Any] = [
        "a": ServerValue.timestamp(),
        "b": [".value": ServerValue.timestamp(), ".priority": ServerValue.timestamp()],
    ]

    /// Checks a snapshot of `data` written with a timestamp priority between `before` and `after`.
    private func checkTimestamps(_ snapshot: DataSnapshot, between before: Double, and after: Double) throws {
        let priority = try #require(snapshot.priority as? Int)
        #expect(Double(priority) >= before && Double(priority) <= after)
        #expect(snapshot.childSnapshot(forPath: "a").value as? Int == priority)
        #expect(snapshot.childSnapshot(forPath: "b").value as? Int == priority)
        #expect(snapshot.childSnapshot(forPath: "b").priority as? Int == priority)
    }

    /// `testServerTimestampSetWithPriorityLocalEvents`.
    @Test func aTimestampPriorityIsResolvedLocally() async throws {
        let ref = try makeDatabase().reference(withPath: "node")
        let log = EventLog()
        ref.log([.value], into: log)
        let before = DatabaseReference.now()
        try await ref.setValue(data, andPriority: ServerValue.timestamp())
        let after = DatabaseReference.now()
        try checkTimestamps(try await ref.getData(), between: before, and: after)
    }

    /// `testServerTimestampSetWithPriorityRemoteEvents`.
    @Test func aTimestampPriorityReachesAnotherClient() async throws {
        let (first, second) = try makeTwoClients()
        let before = DatabaseReference.now()
        try await first.reference(withPath: "node").setValue(data, andPriority: ServerValue.timestamp())
        let after = DatabaseReference.now()
        try checkTimestamps(try await second.reference(withPath: "node").getData(), between: before, and: after)
    }

    /// `testServerTimestampSetPriorityLocalEvents`, `testServerTimestampSetPriorityRemoteEvents`.
    @Test func setPriorityToATimestampMovesTheChild() async throws {
        let (writer, readerDB) = try makeTwoClients()
        let node = writer.reference(withPath: "node")
        let reader = readerDB.reference(withPath: "node")
        let log = EventLog()
        reader.log([.childMoved], into: log)
        try await node.child("a").setValue(1, andPriority: nil)
        try await node.child("b").setValue(1, andPriority: 1)
        let before = DatabaseReference.now()
        try await node.child("a").setPriority(ServerValue.timestamp())
        let after = DatabaseReference.now()
        #expect(try await log.take(1) == ["moved a after b"])
        let priority = try #require(try await reader.child("a").getData().priority as? Int)
        #expect(Double(priority) >= before && Double(priority) <= after)
    }

    /// `testServerIncrementPriorityOnline`, `testServerIncrementPriorityOffline`.
    @Test(arguments: [true, false])
    func incrementsAddToThePriority(online: Bool) async throws {
        let db = try makeDatabase()
        let ref = db.reference(withPath: "node")
        if !online { db.goOffline() }
        // The priorities of the value events with data (online, the empty location's event comes first).
        let found = Locked<[String]>([])
        ref.observe(
            .value,
            with: { snapshot in
                if snapshot.exists() { found.withLock { $0.append("\(snapshot.priority ?? "none")") } }
            })
        ref.setValue(0, andPriority: ServerValue.increment(1)) { _, _ in }
        ref.setValue(0, andPriority: ServerValue.increment(1.5)) { _, _ in }
        try await waitUntil { found.withLock { $0.count } == 2 }
        #expect(found.withLock { $0 } == ["1", "2.5"])
        if !online { db.goOnline() }
    }
}
