// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Dispatch
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// The engine reads the documents a write starts tracking with its lock released, so the backend's own lock never
/// nests inside the engine's: a backend checks it on each such read from another thread, with a bounded wait (an
/// engine holding its lock fails the check instead of deadlocking). A batch processed while such a read is out
/// is not lost.
@Suite(.timeLimit(.minutes(3)))
struct EngineLockTests {
    /// A Firestore of a fresh app over a lock-checking backend, with its Auth (`u1` signed in).
    private func makeClient() throws -> (Firestore, LockCheckingBackend, FakeAuth) {
        let (backend, auth) = (LockCheckingBackend(), FakeAuth(userID: "u1"))
        let overrides: [Component] = [.instance(backend, as: FirestoreBackend.self)] + auth.components
        let app = try TestApp.make(libraries: [FirestoreLibrary.self], overrides: overrides)
        return (try Firestore.firestore(app: app), backend, auth)
    }

    @Test func aWriteReadsTheDocumentsItTracksWithTheEngineUnlocked() async throws {
        let (db, backend, _) = try makeClient()
        backend.check(db.engine)
        try await db.document("c/d").setData(["n": 1])
        try await db.document("c/e").setData(["n": 2])
        let checks = backend.checks
        #expect(checks.reads == 2)  // c/d, then c/e: neither was tracked
        #expect(checks.lockHeld == 0)
    }

    @Test func aReturningUsersWritesAreReadWithTheEngineUnlocked() async throws {
        let (db, backend, auth) = try makeClient()
        await db.disableNetwork()
        let write = Task { try await db.document("c/d").setData(["n": 1]) }
        try await waitUntil { db.engine.pendingWriteCount == 1 }
        auth.simulateSignIn(userID: "u2")  // offline: nothing is read
        #expect(await firestoreCode { try await value(of: write) } == .cancelled)
        await db.enableNetwork()
        backend.check(db.engine)
        auth.simulateSignIn(userID: "u1")  // online: the returning write's document is read
        try await db.waitForPendingWrites()
        let checks = backend.checks
        #expect(checks.reads == 1)
        #expect(checks.lockHeld == 0)
        #expect(try await db.document("c/d").getDocument(source: .server).get("n") == 1)
    }

    /// With the lock released during the read, another client's write may land after the read and be processed
    /// before the write is queued: the write starts from that newer state, not from the read's.
    @Test func aChangeProcessedWhileAWritesReadIsOutIsNotLost() async throws {
        let (db, backend, _) = try makeClient()
        let database = db.engine.database
        try Self.set(["a": 1], at: "c/d", in: backend, database: database)
        let recorder = db.document("c/d").record(includeMetadataChanges: true)
        #expect(try await recorder.next().get("a") == 1)
        backend.afterNextEngineRead {
            _ = try? Self.set(["a": 5], at: "c/d", in: backend, database: database)  // checked by `remote` below
        }
        try await db.document("c/d").updateData(["b": 2])
        let remote = try await recorder.next()
        #expect(remote.get("a") == 5)
        #expect(!remote.metadata.hasPendingWrites)
        let local = try await recorder.next()
        #expect(local.metadata.hasPendingWrites)
        #expect(local.get("a") == 5)
        #expect(local.get("b") == 2)
        #expect(backend.checks.lockHeld == 0)
        recorder.remove()
    }

    /// Sets the document at `path` (segments separated by `/`) to `fields`, as another client.
    private static func set(
        _ fields: [String: FirestoreValue], at path: String, in backend: LockCheckingBackend, database: DatabaseID
    ) throws(FirestoreError) {
        let write = try UserDataParser(database: database).parseSetData(fields)
            .setMutation(at: ResourcePath(path.split(separator: "/").map(String.init)))
        _ = try backend.commit([BackendWrite(write)], database: database, caller: nil, origin: nil)
    }
}

/// A ``LocalFirestoreBackend`` whose reads made on the engine's own behalf (caller nil) wait, before they return,
/// for work run on other threads, each at most `bound`: a check that the engine's lock is free (reading the
/// engine's pending-write count takes that lock), and a one-off action (another client's commit, whose batch the
/// engine processes at once). An engine holding its lock around the read makes these waits time out; run on the
/// reading thread instead, the same work would deadlock.
final class LockCheckingBackend: FirestoreBackend {
    /// What the checks found.
    struct Checks {
        /// The engine's reads during which other threads' work was waited for.
        var reads = 0
        /// The reads during which that work could not finish within the bound: the engine's lock stayed held.
        var lockHeld = 0
    }

    private let base = LocalFirestoreBackend()
    private let engine = WeakHolder<SyncEngine>()
    private let nextReadAction = Locked<(@Sendable () -> Void)?>(nil)
    private let found = Locked(Checks())
    private let bound: DispatchTimeInterval

    /// A backend that waits at most `bound` for each piece of work of another thread.
    init(bound: DispatchTimeInterval = .seconds(5)) {
        self.bound = bound
    }

    /// Checks on each of the engine's reads from now on that its lock is free.
    func check(_ engine: SyncEngine) {
        self.engine.set(engine)
    }

    /// Runs `action` on another thread during the engine's next read, once the document is read.
    func afterNextEngineRead(_ action: @escaping @Sendable () -> Void) {
        nextReadAction.withLock { $0 = action }
    }

    /// What the checks found so far.
    var checks: Checks { found.withLock { $0 } }

    func document(
        at path: String, database: DatabaseID,
        caller: FirestoreCaller?
    ) throws(FirestoreError) -> BackendRead<BackendDocument?> {
        let read = try base.document(at: path, database: database, caller: caller)
        guard caller == nil else { return read }
        var work: [@Sendable () -> Void] = []
        if let engine = engine.value {
            work.append { _ = engine.pendingWriteCount }  // blocks while the engine's lock is held
        }
        if let action = nextReadAction.withLock({ action in
            defer { action = nil }
            return action
        }) {
            work.append(action)
        }
        guard !work.isEmpty else { return read }
        let finished = DispatchSemaphore(value: 0)
        for item in work {
            DispatchQueue.global().async {
                item()
                finished.signal()
            }
        }
        let deadline = DispatchTime.now() + bound
        var held = false
        for _ in work where finished.wait(timeout: deadline) == .timedOut { held = true }
        found.withLock { found in
            found.reads += 1
            if held { found.lockHeld += 1 }
        }
        return read
    }

    func documents(
        in target: BackendTarget, database: DatabaseID,
        caller: FirestoreCaller?
    ) throws(FirestoreError) -> BackendRead<[BackendDocument]> {
        try base.documents(in: target, database: database, caller: caller)
    }

    func authorizeListen(to target: BackendTarget, database: DatabaseID, caller: FirestoreCaller) throws(FirestoreError)
    {
        try base.authorizeListen(to: target, database: database, caller: caller)
    }

    func commit(
        _ writes: [BackendWrite], database: DatabaseID, caller: FirestoreCaller?,
        origin: String?
    ) throws(FirestoreError) -> BackendCommitResult {
        try base.commit(writes, database: database, caller: caller, origin: origin)
    }

    func watch(database: DatabaseID, _ onBatch: @escaping @Sendable (BackendChangeBatch) -> Void) -> BackendWatch {
        base.watch(database: database, onBatch)
    }
}
