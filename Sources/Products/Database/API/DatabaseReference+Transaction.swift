// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
extension DatabaseReference {
    /// Atomically modifies the location's data: `block` receives the current value (the local one first,
    /// possibly nil even when the server has data) and returns ``TransactionResult/success(withValue:)`` or
    /// ``TransactionResult/abort()``. When another client changed the data before the new value reached the
    /// server, `block` runs again with the server's value, at most 25 runs in all (the SDK's
    /// `kFTransactionMaxRetries`); then the transaction fails with ``DatabaseErrorCode/maxRetries`` (`maxretry`).
    /// A transaction waits to be sent while one above or below its location is outstanding, and a write at,
    /// above or below its location before it is sent aborts it (``DatabaseErrorCode/overriddenBySet``).
    ///
    /// `block` is called from a task, with no lock held, and must not depend on running only once.
    public func runTransactionBlock(_ block: @escaping @Sendable (MutableData) -> TransactionResult) {
        runTransactionBlock(block, andCompletionBlock: { _, _, _ in }, withLocalEvents: true)
    }

    /// ``runTransactionBlock(_:)->()`` with a completion block: `(nil, true, snapshot)` once committed, `(nil,
    /// false, snapshot)` when `block` aborted, or the error (``DatabaseErrorCode/maxRetries``,
    /// ``DatabaseErrorCode/overriddenBySet`` when a `setValue` on the location aborted it,
    /// ``DatabaseErrorCode/permissionDenied``, ``DatabaseErrorCode/invalidArgument`` for an invalid reference
    /// or when `block` set a value the database cannot store).
    public func runTransactionBlock(
        _ block: @escaping @Sendable (MutableData) -> TransactionResult,
        andCompletionBlock completionBlock: @escaping @Sendable ((any Error)?, Bool, DataSnapshot?) -> Void
    ) {
        runTransactionBlock(block, andCompletionBlock: completionBlock, withLocalEvents: true)
    }

    /// ``runTransactionBlock(_:andCompletionBlock:)``; with `localEvents` false, observers see no event for
    /// the tentative values, only the committed one (once the server has it).
    public func runTransactionBlock(
        _ block: @escaping @Sendable (MutableData) -> TransactionResult,
        andCompletionBlock completionBlock: @escaping @Sendable ((any Error)?, Bool, DataSnapshot?) -> Void,
        withLocalEvents localEvents: Bool
    ) {
        if let error = spec.error {
            return completionBlock(error, false, nil)
        }
        let key = spec.path.key
        database.engine.transaction(
            at: spec.path, localEvents: localEvents,
            update: { [path = spec.path] node throws(DatabaseError) in
                let data = MutableData(storage: MutableData.Storage(node, location: path), keys: [], key: key)
                let result = block(data)
                if let refusal = result.refusal { throw .invalid("(runTransactionBlock:) \(refusal)") }
                return result.node
            },
            completion: { error, committed, node in
                completionBlock(error, committed, DataSnapshot(ref: self, node: node))
            })
    }

    /// ``runTransactionBlock(_:andCompletionBlock:)`` as an `async` call: whether the transaction committed
    /// (false when `block` aborted), and the location's data then.
    /// - Throws: ``DatabaseError`` (``DatabaseErrorCode/maxRetries``, ``DatabaseErrorCode/overriddenBySet``, …).
    public func runTransactionBlock(_ block: @escaping @Sendable (MutableData) -> TransactionResult) async throws
        -> (Bool, DataSnapshot)
    {
        try await withCheckedThrowingContinuation { continuation in
            runTransactionBlock(
                block,
                andCompletionBlock: { error, committed, snapshot in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: (committed, snapshot ?? DataSnapshot(ref: self, node: .null)))
                    }
                }, withLocalEvents: true)
        }
    }
}
