// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// A Firestore of a fresh private app, with its own (or the given) backend.
func makeFirestore(
    backend: LocalFirestoreBackend = LocalFirestoreBackend(), name: String = FlintApp.defaultName,
    database: String = DatabaseID.defaultDatabase,
    overrides: [Component] = []
) throws -> Firestore {
    let app = try TestApp.make(
        name: name, libraries: [FirestoreLibrary.self],
        overrides: [.instance(backend, as: FirestoreBackend.self)] + overrides)
    return try Firestore.firestore(app: app, database: database)
}

/// Two clients (two apps of one registry) over one backend.
func makeTwoClients(backend: LocalFirestoreBackend = LocalFirestoreBackend()) throws -> (Firestore, Firestore) {
    let registry = AppRegistry()
    try registry.register(FirestoreLibrary.self)
    let overrides: [Component] = [.instance(backend, as: FirestoreBackend.self)]
    let first = try registry.configure(name: "alice", options: .testing, overrides: overrides)
    let second = try registry.configure(name: "bob", options: .testing, overrides: overrides)
    return (try Firestore.firestore(app: first), try Firestore.firestore(app: second))
}

/// A Firestore instance whose memory cache keeps documents after their listeners go (LRU collection), for
/// tests about what the cache holds.
func makeLRUFirestore(backend: LocalFirestoreBackend = LocalFirestoreBackend()) throws -> Firestore {
    try keepingCache(makeFirestore(backend: backend))
}

/// ``makeTwoClients(backend:)`` with LRU-collected memory caches.
func makeTwoLRUClients(backend: LocalFirestoreBackend = LocalFirestoreBackend()) throws -> (Firestore, Firestore) {
    let (first, second) = try makeTwoClients(backend: backend)
    return (try keepingCache(first), try keepingCache(second))
}

/// `db` with an LRU-collected memory cache (set before its first use).
func keepingCache(_ db: Firestore) throws -> Firestore {
    try db.setSettings(
        FirestoreSettings(cacheSettings: MemoryCacheSettings(garbageCollectorSettings: MemoryLRUGCSettings())))
    return db
}

/// The error's Firestore code, or nil when it is not a ``FirestoreError``.
func firestoreCode(of body: () async throws -> Void) async -> FirestoreErrorCode? {
    do {
        try await body()
        return nil
    } catch let error as FirestoreError {
        return error.code
    } catch {
        return nil
    }
}

/// Records a listener's events and hands them out one at a time, waiting (with a deadline) when none is
/// there yet.
final class Recorder<Value: Sendable>: Sendable {
    private struct State {
        var events: [Result<Value, any Error>] = []
        var waiter: (id: Int, continuation: CheckedContinuation<Result<Value, any Error>?, Never>)?
        var nextWaiterID = 0
        var received = 0
    }

    /// Recorded when a listener is called with neither a value nor an error.
    struct NoRegistration: Error {}

    private let state = Locked(State())
    private let registrationSlot = Locked<(any ListenerRegistration)?>(nil)

    /// Records `register`'s listener.
    init(_ register: (@escaping @Sendable (Value?, (any Error)?) -> Void) -> any ListenerRegistration) {
        let registration = register { [weak self] value, error in
            self?.record(value.map { .success($0) } ?? .failure(error ?? NoRegistration()))
        }
        registrationSlot.withLock { $0 = registration }
    }

    private func record(_ event: Result<Value, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Value, any Error>?, Never>? in
            state.received += 1
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter.continuation
            }
            state.events.append(event)
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// How many events arrived so far.
    var received: Int { state.withLock { $0.received } }

    /// Removes the listener.
    func remove() {
        registrationSlot.withLock { $0 }?.remove()
    }

    /// The next event's value (or its error, thrown).
    func next(timeout: Duration = defaultTestTimeout) async throws -> Value {
        let result: Result<Value, any Error>? = await withCheckedContinuation { continuation in
            let (ready, id) = state.withLock { state -> (Result<Value, any Error>?, Int) in
                if !state.events.isEmpty { return (state.events.removeFirst(), -1) }
                state.nextWaiterID += 1
                state.waiter = (state.nextWaiterID, continuation)
                return (nil, state.nextWaiterID)
            }
            if let ready {
                continuation.resume(returning: ready)
                return
            }
            Task {
                try? await Task.sleep(for: timeout)
                let expired = self.state.withLock { state -> CheckedContinuation<Result<Value, any Error>?, Never>? in
                    guard let waiter = state.waiter, waiter.id == id else { return nil }
                    state.waiter = nil
                    return waiter.continuation
                }
                expired?.resume(returning: nil)
            }
        }
        guard let result else {
            throw TestTimeoutError.valuesNotReceived(expected: 1, received: 0, timeout: timeout)
        }
        return try result.get()
    }
}

extension Query {
    /// A recorder of this query's snapshots.
    func record(includeMetadataChanges: Bool = false) -> Recorder<QuerySnapshot> {
        Recorder { addSnapshotListener(includeMetadataChanges: includeMetadataChanges, $0) }
    }
}

extension DocumentReference {
    /// A recorder of this document's snapshots.
    func record(includeMetadataChanges: Bool = false) -> Recorder<DocumentSnapshot> {
        Recorder { addSnapshotListener(includeMetadataChanges: includeMetadataChanges, $0) }
    }
}

extension QuerySnapshot {
    /// The document IDs in order.
    var ids: [String] { documents.map(\.documentID) }

    /// Each change as `type id old new`, e.g. `added a -1 0`.
    func changeList(includeMetadataChanges: Bool = false) -> [String] {
        documentChanges(includeMetadataChanges: includeMetadataChanges).map {
            "\($0.type) \($0.document.documentID) \($0.oldIndex) \($0.newIndex)"
        }
    }
}

/// Writes `documents` (ID → data) into `collection`.
func seed(_ collection: CollectionReference, _ documents: [String: [String: FirestoreValue]]) async throws {
    let batch = collection.firestore.batch()
    for (id, data) in documents {
        batch.setData(data, forDocument: collection.document(id))
    }
    try await batch.commit()
}
