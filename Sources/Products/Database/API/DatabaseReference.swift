// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A location in the database (Firebase's `DatabaseReference`): read it by observing (it is a
/// ``DatabaseQuery`` of all its children), write it with ``setValue(_:)``, ``updateChildValues(_:)`` and
/// ``removeValue()``.
///
/// ```swift
/// let message = db.reference(withPath: "chats/123/messages").childByAutoId()
/// try await message.setValue(["text": "hello", "sentAt": ServerValue.timestamp()])
/// ```
///
/// Writes apply locally at once (observers see them before the `async` call returns) and are then sent to
/// the backend; the `async` forms return, and the completion blocks run, once the backend accepted or
/// refused the write (a refusal reverts the local change, with events). An invalid path gives a reference
/// whose operations throw ``DatabaseErrorCode/invalidArgument``.
public final class DatabaseReference: DatabaseQuery, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: immutable, like DatabaseQuery.
    init(database: Database, path: DatabasePath, error: DatabaseError?) {
        super.init(database: database, spec: QuerySpec(path: path, error: error))
    }

    // MARK: - Navigation

    /// The last key of the location; nil for the root.
    public var key: String? { spec.path.key }

    /// The parent location; nil for the root.
    public var parent: DatabaseReference? {
        spec.path.parent.map { DatabaseReference(database: database, path: $0, error: spec.error) }
    }

    /// The root of the database.
    public var root: DatabaseReference { DatabaseReference(database: database, path: .root, error: nil) }

    /// The location's URL, as the SDK's `URL`: the database URL for the root, else the parent's URL, `/` and
    /// the key percent-encoded as the SDK's `urlEncoded:` does (all but ASCII letters, digits and `-._~`):
    /// `https://host/a%40b/space%20`.
    public var url: String {
        ([database.url]
            + spec.path.keys.map {
                $0.addingPercentEncoding(withAllowedCharacters: Self.keyCharacters) ?? $0
            }).joined(separator: "/")
    }

    /// The location's ``url``, as the SDK's `description`.
    public var description: String { url }

    /// The location at `pathString` (one key, or several separated by `/`) below this one. An invalid path
    /// gives a reference whose operations throw ``DatabaseErrorCode/invalidArgument``.
    public func child(_ pathString: String) -> DatabaseReference {
        if spec.error != nil { return DatabaseReference(database: database, path: spec.path, error: spec.error) }
        do {
            return DatabaseReference(database: database, path: try spec.path.child(pathString), error: nil)
        } catch {
            return DatabaseReference(
                database: database, path: spec.path.appending(pathString),
                error: .invalid("(child:) \(error)"))
        }
    }

    /// The child `key`, unchecked (for keys that come from stored data).
    func child(key: String) -> DatabaseReference {
        DatabaseReference(database: database, path: spec.path.appending(key), error: spec.error)
    }

    /// A new child with a push ID: 20 characters that sort in creation order.
    public func childByAutoId() -> DatabaseReference {
        child(key: database.pushIDs.next())
    }

    // MARK: - Writing

    /// Replaces the location's data with `value` (nil or `NSNull()` removes it): `Bool`, numbers, `String`,
    /// arrays, `[String: Any]`, ``ServerValue`` placeholders, and the export format's `.value`/`.priority`.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for an invalid value or path,
    ///   ``DatabaseErrorCode/permissionDenied`` when the rules refuse it.
    public func setValue(_ value: Any?) async throws {
        try await write(try sets { existing in try node(value, replacing: existing) })
    }

    /// ``setValue(_:)`` with a completion block (called with nil, or the error).
    public func setValue(
        _ value: Any?,
        withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void
    ) {
        write(block) { existing in try node(value, replacing: existing) }
    }

    /// Replaces the location's data with `value` and gives it `priority` (nil, a number, a `String`, or a
    /// ``ServerValue``: estimated locally, resolved by the server).
    public func setValue(_ value: Any?, andPriority priority: Any?) async throws {
        try await write(try sets { existing in try prioritized(value, priority, existing) })
    }

    /// ``setValue(_:andPriority:)`` with a completion block.
    public func setValue(
        _ value: Any?, andPriority priority: Any?,
        withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void
    ) {
        write(block) { existing in try prioritized(value, priority, existing) }
    }

    /// Sets the location's priority (nil, a number, a `String`, or a ``ServerValue``: estimated locally, resolved
    /// by the server), as the SDK does: a write at the location's
    /// `.priority` child. Where there is no data the server refuses it (``DatabaseErrorCode/invalidArgument``)
    /// and nothing changes.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for an invalid priority or path, or a location without
    ///   data; ``DatabaseErrorCode/permissionDenied`` when the rules refuse it.
    public func setPriority(_ priority: Any?) async throws {
        try await write(try sets(at: priorityPath) { existing in try prioritySet(priority, existing) })
    }

    /// ``setPriority(_:)`` with a completion block (called with nil, or the error).
    public func setPriority(
        _ priority: Any?,
        withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void
    ) {
        write(block, at: priorityPath) { existing in try prioritySet(priority, existing) }
    }

    /// Removes the location's data (`setValue(nil)`).
    public func removeValue() async throws {
        try await setValue(nil)
    }

    /// ``removeValue()`` with a completion block.
    public func removeValue(withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void) {
        setValue(nil, withCompletionBlock: block)
    }

    /// Writes several locations at once: each key is a path below this location, each value replaces the
    /// data there (nil or `NSNull()` removes it); a key ending with `.priority` (`"a/.priority"`, or
    /// `".priority"` for this location) sets that location's priority, as in the SDK. Observers see one change; a path may not be below another.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for an invalid path or value, or overlapping paths;
    ///   ``DatabaseErrorCode/permissionDenied`` when the rules refuse any path (then nothing is written).
    public func updateChildValues(_ values: [String: Any?]) async throws {
        try await write(try updateSets(values))
    }

    /// ``updateChildValues(_:)`` with a completion block.
    public func updateChildValues(
        _ values: [String: Any?],
        withCompletionBlock block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void
    ) {
        do {
            let prepared = try updateSets(values)
            database.engine.write(prepared.sets, wire: prepared.wire) { error in block(error, self) }
        } catch {
            block(error, self)
        }
    }

    // MARK: - Internals

    /// What the SDK leaves unescaped in a key of a URL.
    private static let keyCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func now() -> Double { (Date().timeIntervalSince1970 * 1000).rounded(.down) }

    /// `value` as the node to write at this location in place of `existing` (the location's keys count
    /// towards the depth limit).
    func node(_ value: Any?, replacing existing: DatabaseNode, now: Double = now()) throws(DatabaseValueError)
        -> DatabaseNode
    {
        try DatabaseNode(parsing: value, existing: existing, now: now, at: spec.path)
    }

    /// `value` with `priority` as the node to write in place of `existing`: its server values, the priority's
    /// included, are estimated with one reading of the clock, as the server resolves a write's with one time.
    func prioritized(_ value: Any?, _ priority: Any?, _ existing: DatabaseNode)
        throws(DatabaseValueError) -> DatabaseNode
    {
        let now = Self.now()
        return try node(value, replacing: existing, now: now).with(
            priority: try DatabaseNode.priority(priority, existing: existing.priority, now: now))
    }

    /// The node of a write at a location's `.priority`, which holds `existing` (the priority as a leaf).
    private func prioritySet(_ priority: Any?, _ existing: DatabaseNode) throws(DatabaseValueError) -> DatabaseNode {
        try DatabaseNode(parsingPriority: priority, existing: DatabaseNode.Priority(existing), now: Self.now())
    }

    /// Where a priority write at this location goes: its `.priority` child.
    private var priorityPath: DatabasePath { spec.path.appending(DatabasePath.priorityKey) }

    /// The one set of a write at this location (or at `path`), its node made by `make` from the local data there.
    private func sets(at path: DatabasePath? = nil, _ make: (DatabaseNode) throws -> DatabaseNode) throws(DatabaseError)
        -> PreparedWrite
    {
        if let error = spec.error { throw error }
        let path = path ?? spec.path
        do {
            let existing = database.engine.localNode(at: path)
            return try PreparedWrite.make(keepServerValues: database.engine.sendsServerValues) {
                [(path, try make(existing))]
            }
        } catch {
            throw .invalid("(setValue:) \(error)")
        }
    }

    /// The sets of an update; with its server values kept too when the backend resolves them, or
    /// `keepServerValues` (an `onDisconnect` operation, resolved when applied).
    func updateSets(_ values: [String: Any?], keepServerValues: Bool = false) throws(DatabaseError) -> PreparedWrite {
        let sets = try updateSets(values, keepingServerValues: false)
        guard keepServerValues || database.engine.sendsServerValues else { return PreparedWrite(sets: sets) }
        let wire: [(path: DatabasePath, node: DatabaseNode)]
        do {
            wire = try WireServerValues.$keep.withValue(true) { try updateSets(values, keepingServerValues: true) }
        } catch {
            throw error as? DatabaseError ?? .invalid("(updateChildValues:) \(error)")
        }
        return PreparedWrite(sets: sets, wire: zip(sets, wire).contains { $0.node != $1.node } ? wire : nil)
    }

    /// The sets of an update (`keepingServerValues` only documents that ``WireServerValues/keep`` is set).
    private func updateSets(_ values: [String: Any?], keepingServerValues: Bool) throws(DatabaseError)
        -> [(path: DatabasePath, node: DatabaseNode)]
    {
        if let error = spec.error { throw error }
        var sets: [(path: DatabasePath, node: DatabaseNode)] = []
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            let path: DatabasePath
            do {
                path = try spec.path.child(writePath: key)
            } catch {
                throw .invalid("(updateChildValues:) Invalid key in object: \(error)")
            }
            if let other = sets.first(where: { $0.path.contains(path) || path.contains($0.path) }) {
                let (ancestor, descendant) = other.path.contains(path) ? (other.path, path) : (path, other.path)
                throw .invalid(
                    "(updateChildValues:) Invalid path in object. Path (\(ancestor)) is an ancestor of "
                        + "(\(descendant)).")
            }
            do {
                // A key ending with `.priority` sets that location's priority, as in the SDK.
                let node =
                    path.isPriority
                    ? try DatabaseNode(
                        parsingPriority: value ?? nil,
                        existing: DatabaseNode.Priority(database.engine.localNode(at: path)), now: Self.now())
                    : try DatabaseNode(
                        parsing: value ?? nil, existing: database.engine.localNode(at: path), now: Self.now(), at: path)
                sets.append((path, node))
            } catch {
                throw .invalid("(updateChildValues:) \(error)")
            }
        }
        return sets
    }

    private func write(_ prepared: PreparedWrite) async throws {
        let error: DatabaseError? = await withCheckedContinuation { continuation in
            database.engine.write(prepared.sets, wire: prepared.wire) { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }

    private func write(
        _ block: @escaping @Sendable ((any Error)?, DatabaseReference) -> Void, at path: DatabasePath? = nil,
        _ make: (DatabaseNode) throws -> DatabaseNode
    ) {
        do {
            let prepared = try sets(at: path, make)
            database.engine.write(prepared.sets, wire: prepared.wire) { error in block(error, self) }
        } catch {
            block(error, self)
        }
    }
}
