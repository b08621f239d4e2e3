// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
extension DatabaseReference {
    /// Registers a write of `value` at this location, to be applied by the backend when this client
    /// disconnects (``Database/goOffline()``, or its app is deleted), even if it never reconnects. The rules
    /// are checked now. Returns once the backend registered it (after the writes sent before it).
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for an invalid value or path,
    ///   ``DatabaseErrorCode/permissionDenied`` when the rules refuse it.
    public func onDisconnectSetValue(_ value: Any?) async throws {
        let sets = try onDisconnectSets { existing in
            try node(value, replacing: existing)
        }
        try await register(sets)
    }

    /// ``onDisconnectSetValue(_:)`` with a completion block (called with nil, or the error).
    public func onDisconnectSetValue(
        _ value: Any?,
        withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void
    ) {
        register(block) { () throws(DatabaseError) in
            try onDisconnectSets { existing in try node(value, replacing: existing) }
        }
    }

    /// ``onDisconnectSetValue(_:)`` with a priority (nil, a number, a `String` or a ``ServerValue``, resolved
    /// when the operation is applied).
    public func onDisconnectSetValue(_ value: Any?, andPriority priority: Any?) async throws {
        let sets = try onDisconnectSets { existing in try prioritized(value, priority, existing) }
        try await register(sets)
    }

    /// Registers ``updateChildValues(_:)`` of `values` for when this client disconnects.
    /// - Throws: as ``updateChildValues(_:)`` does.
    public func onDisconnectUpdateChildValues(_ values: [String: Any?]) async throws {
        try await register(try updateSets(values, keepServerValues: true))
    }

    /// ``onDisconnectUpdateChildValues(_:)`` with a completion block.
    public func onDisconnectUpdateChildValues(
        _ values: [String: Any?],
        withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void
    ) {
        register(block) { () throws(DatabaseError) in try updateSets(values, keepServerValues: true) }
    }

    /// Registers the removal of this location for when this client disconnects.
    /// - Throws: ``DatabaseErrorCode/permissionDenied`` when the rules refuse it.
    public func onDisconnectRemoveValue() async throws {
        try await onDisconnectSetValue(nil)
    }

    /// ``onDisconnectRemoveValue()`` with a completion block.
    public func onDisconnectRemoveValue(
        withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void
    ) {
        onDisconnectSetValue(nil, withCompletionBlock: block)
    }

    /// Cancels every `onDisconnect` operation of this client at this location and below.
    /// - Throws: ``DatabaseErrorCode/permissionDenied`` when the rules refuse writing here.
    public func cancelDisconnectOperations() async throws {
        if let error = spec.error { throw error }
        let path = spec.path
        let error: DatabaseError? = await withCheckedContinuation { continuation in
            database.engine.cancelOnDisconnect(path) { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }

    /// ``cancelDisconnectOperations()`` with a completion block.
    public func cancelDisconnectOperations(
        withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void
    ) {
        if let error = spec.error { return block(error, self) }
        database.engine.cancelOnDisconnect(spec.path) { error in block(error, self) }
    }

    // MARK: - Internals

    private func onDisconnectSets(_ make: (DatabaseNode) throws -> DatabaseNode) throws(DatabaseError) -> PreparedWrite
    {
        if let error = spec.error { throw error }
        do {
            let existing = database.engine.localNode(at: spec.path)
            // Server values kept: the server resolves them when it applies the operation, not now.
            return try PreparedWrite.make(keepServerValues: true) {
                [(spec.path, try make(existing))]
            }
        } catch {
            throw .invalid("(onDisconnectSetValue:) \(error)")
        }
    }

    private func register(_ prepared: PreparedWrite) async throws {
        let error: DatabaseError? = await withCheckedContinuation { continuation in
            database.engine.onDisconnect(prepared.sets, wire: prepared.wire) { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }

    private func register(
        _ block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void,
        _ sets: () throws(DatabaseError) -> PreparedWrite
    ) {
        do {
            let prepared = try sets()
            database.engine.onDisconnect(prepared.sets, wire: prepared.wire) { error in block(error, self) }
        } catch {
            block(error, self)
        }
    }
}
