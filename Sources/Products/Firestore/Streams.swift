// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// `AsyncSequence` forms of the snapshot listeners (the Firebase proposal's `snapshots`): each iteration
/// registers its own listener and removes it when the loop ends, however it ends (completion of the
/// consumer, `break`, an error, cancellation of the consuming task). Snapshots are events: the streams
/// buffer without limit, so none is dropped. A listener error (`permissionDenied`, an invalid query, the app
/// being deleted) ends the loop by throwing it.
extension Query {
    /// The query's snapshots, without metadata-only changes.
    ///
    /// ```swift
    /// for try await snapshot in db.collection("rooms/lobby/messages").order(by: "sentAt").snapshots {
    ///     for change in snapshot.documentChanges { print(change.type, change.document.documentID) }
    /// }
    /// ```
    public var snapshots: AsyncThrowingStream<QuerySnapshot, any Error> {
        snapshots(includeMetadataChanges: false)
    }

    /// The query's snapshots; with `includeMetadataChanges`, also those where only `hasPendingWrites` or
    /// `isFromCache` changed.
    public func snapshots(includeMetadataChanges: Bool = false) -> AsyncThrowingStream<QuerySnapshot, any Error> {
        snapshots(options: SnapshotListenOptions().withIncludeMetadataChanges(includeMetadataChanges))
    }

    /// The query's snapshots as `options` say (``addSnapshotListener(options:listener:)``), e.g. from the local
    /// cache only: `query.snapshots(options: SnapshotListenOptions().withSource(.cache))`.
    public func snapshots(options: SnapshotListenOptions) -> AsyncThrowingStream<QuerySnapshot, any Error> {
        AsyncThrowingStream.listening(bufferingPolicy: .unbounded) { emit in
            addSnapshotListener(options: options) { snapshot, error in
                emit(Self.result(snapshot, error))
            }
        }
    }

    /// A listener callback's arguments as a result.
    static func result<Snapshot>(_ snapshot: Snapshot?, _ error: (any Error)?) -> Result<Snapshot, any Error> {
        if let snapshot { return .success(snapshot) }
        return .failure(error ?? FirestoreError(.unknown, "The listener received neither a snapshot nor an error."))
    }
}

extension DocumentReference {
    /// The document's snapshots, without metadata-only changes.
    public var snapshots: AsyncThrowingStream<DocumentSnapshot, any Error> {
        snapshots(includeMetadataChanges: false)
    }

    /// The document's snapshots; with `includeMetadataChanges`, also those where only `hasPendingWrites` or
    /// `isFromCache` changed.
    public func snapshots(includeMetadataChanges: Bool = false) -> AsyncThrowingStream<DocumentSnapshot, any Error> {
        snapshots(options: SnapshotListenOptions().withIncludeMetadataChanges(includeMetadataChanges))
    }

    /// The document's snapshots as `options` say (``addSnapshotListener(options:listener:)``), e.g. from the
    /// local cache only: `document.snapshots(options: SnapshotListenOptions().withSource(.cache))`.
    public func snapshots(options: SnapshotListenOptions) -> AsyncThrowingStream<DocumentSnapshot, any Error> {
        AsyncThrowingStream.listening(bufferingPolicy: .unbounded) { emit in
            addSnapshotListener(options: options) { snapshot, error in
                emit(Query.result(snapshot, error))
            }
        }
    }
}

extension Firestore {
    /// The snapshots-in-sync events (``addSnapshotsInSyncListener(_:)``) as a sequence: one element when the
    /// iteration starts, then one each time every snapshot listener of this instance is in sync. The
    /// listener is removed when the loop ends (`break`, cancellation of the consuming task, the stream
    /// dropped); the sequence finishes (without an error, as the listener has none) when the instance is
    /// terminated or its app deleted.
    ///
    /// ```swift
    /// for await _ in db.snapshotsInSync {
    ///     render(messages, unreadCount)   // both listeners reflect the same data
    /// }
    /// ```
    public var snapshotsInSync: AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .unbounded)
        let registration = engine.addSnapshotsInSyncListener(
            { continuation.yield() },
            onTerminate: { continuation.finish() })
        continuation.onTermination = { _ in registration.remove() }
        return stream
    }
}
