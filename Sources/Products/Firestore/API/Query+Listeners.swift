// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The query's snapshot listeners.
extension Query {
    /// Calls `listener` with the results now, then after every change, until the registration is removed.
    /// The first snapshot lists every document as `added`. With `includeMetadataChanges`, changes of
    /// `hasPendingWrites` / `isFromCache` alone also call the listener. An error (such as
    /// `permissionDenied` or an invalid query) is delivered once and ends the listener.
    @discardableResult
    public func addSnapshotListener(
        includeMetadataChanges: Bool = false,
        _ listener: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void
    )
        -> any ListenerRegistration
    {
        addSnapshotListener(
            options: SnapshotListenOptions().withIncludeMetadataChanges(includeMetadataChanges), listener: listener)
    }

    /// Calls `listener` with the results now, then after every change, as `options` say (Firebase's
    /// `addSnapshotListener(options:listener:)`): with ``ListenSource/cache``, from the local cache only,
    /// never reaching the backend. An error (such as `permissionDenied` or an invalid query) is delivered once
    /// and ends the listener.
    @discardableResult
    public func addSnapshotListener(
        options: SnapshotListenOptions,
        listener: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void
    )
        -> any ListenerRegistration
    {
        let matcher: QueryMatcher
        do {
            matcher = try self.matcher()
        } catch {
            return DocumentReference.failImmediately(error, listener)
        }
        return firestore.engine.listen(.query(matcher), options: options) { [self] event in
            switch event {
            case .snapshot(let snapshot):
                listener(QuerySnapshot(query: self, snapshot: snapshot), nil)
            case .failure(let error):
                listener(nil, error)
            }
        }
    }
}
