// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// A location's children in an order, optionally within a range and a limit (Firebase's `DatabaseQuery`);
/// ``DatabaseReference`` is the plain location.
///
/// ```swift
/// let top = db.reference(withPath: "scores").queryOrderedByValue().queryLimited(toLast: 3)
/// let handle = top.observe(.childAdded) { snapshot in print(snapshot.key) }
/// ```
///
/// Invalid queries do not trap (Firebase raises an exception): the query records the first problem, its
/// observers receive it (``DatabaseErrorCode/invalidArgument``) in their cancel block and ``getData()``
/// throws it.
public class DatabaseQuery: @unchecked Sendable {
    // @unchecked: immutable (two `let`s of Sendable types); a class so that DatabaseReference can inherit.
    /// The database the query reads.
    public let database: Database
    /// What the query selects.
    let spec: QuerySpec

    init(database: Database, spec: QuerySpec) {
        self.database = database
        self.spec = spec
    }

    /// The location of the query.
    public var ref: DatabaseReference { DatabaseReference(database: database, path: spec.path, error: spec.error) }

    // MARK: - Ordering

    /// Orders the children by key (32-bit integer keys first, by number, then the rest as strings).
    public func queryOrderedByKey() -> DatabaseQuery { ordered(by: .key, method: "queryOrderedByKey") }

    /// Orders the children by value: null, false, true, numbers, strings, objects; ties by key.
    public func queryOrderedByValue() -> DatabaseQuery { ordered(by: .value, method: "queryOrderedByValue") }

    /// Orders the children by priority (the default): none, numbers, strings; ties by key.
    public func queryOrderedByPriority() -> DatabaseQuery { ordered(by: .priority, method: "queryOrderedByPriority") }

    /// Orders the children by the value at `key` (a path) below each: missing, false, true, numbers,
    /// strings, objects; ties by key.
    public func queryOrdered(byChild key: String) -> DatabaseQuery {
        if [".key", "$key", ".value", "$value", ".priority", "$priority"].contains(key) {
            return failing(
                "(queryOrderedByChild:) \(key) is invalid. Use queryOrderedByKey, queryOrderedByValue "
                    + "or queryOrderedByPriority instead.")
        }
        do {
            return ordered(by: .child(try DatabasePath(validating: key)), method: "queryOrderedByChild")
        } catch {
            return failing("(queryOrderedByChild:) \(error)")
        }
    }

    private func ordered(by index: QueryIndex, method: String) -> DatabaseQuery {
        if spec.hasOrder { return failing("Cannot use multiple queryOrderedBy calls!") }
        var spec = spec
        spec.index = index
        spec.hasOrder = true
        return validated(spec)
    }

    // MARK: - Limits

    /// The first `limit` children in order (1 ..< 2^31).
    public func queryLimited(toFirst limit: UInt) -> DatabaseQuery {
        limited({ .first($0) }, limit, "queryLimitedToFirst:")
    }

    /// The last `limit` children in order (1 ..< 2^31).
    public func queryLimited(toLast limit: UInt) -> DatabaseQuery {
        limited({ .last($0) }, limit, "queryLimitedToLast:")
    }

    private func limited(_ make: (Int) -> QuerySpec.Limit, _ limit: UInt, _ method: String) -> DatabaseQuery {
        if spec.limit != nil {
            return failing(
                "Can't call \(method) on a query that already has a limit (queryLimitedToFirst: or "
                    + "queryLimitedToLast: was already called)")
        }
        guard limit > 0 else { return failing("Limit can't be zero") }
        guard limit < 1 << 31 else { return failing("Limit must be less than 2^31, got \(limit)") }
        var spec = spec
        spec.limit = make(Int(limit))
        return DatabaseQuery(database: database, spec: spec)
    }

    // MARK: - Ranges

    /// Children from `startValue` on, in this query's order; with `childKey`, among those equal to
    /// `startValue`, from that key on. Values: nil, a `Bool`, a number or a `String`.
    public func queryStarting(atValue startValue: Any?, childKey: String? = nil) -> DatabaseQuery {
        start(startValue, childKey, exclusive: false, method: "queryStartingAtValue:childKey:")
    }

    /// Children after `startValue` (after `childKey` among those equal to it, when given).
    public func queryStarting(afterValue startValue: Any?, childKey: String? = nil) -> DatabaseQuery {
        start(startValue, childKey, exclusive: true, method: "queryStartingAfterValue:childKey:")
    }

    /// Children up to `endValue` (up to `childKey` among those equal to it, when given).
    public func queryEnding(atValue endValue: Any?, childKey: String? = nil) -> DatabaseQuery {
        end(endValue, childKey, exclusive: false, method: "queryEndingAtValue:childKey:")
    }

    /// Children before `endValue` (before `childKey` among those equal to it, when given).
    public func queryEnding(beforeValue endValue: Any?, childKey: String? = nil) -> DatabaseQuery {
        end(endValue, childKey, exclusive: true, method: "queryEndingBeforeValue:childKey:")
    }

    /// Children equal to `value` (only `childKey` among them, when given).
    public func queryEqual(toValue value: Any?, childKey: String? = nil) -> DatabaseQuery {
        let method = "queryEqualToValue:childKey:"
        if spec.start != nil || spec.end != nil {
            return failing(
                "Can't call \(method) after queryStartingAtValue, queryStartingAfterValue, "
                    + "queryEndingAtValue, queryEndingBeforeValue or queryEqualToValue was previously called")
        }
        guard let bound = bound(value, childKey, exclusive: false, method: method) else {
            return failingBound(value, childKey, method)
        }
        var spec = spec
        spec.start = bound
        spec.end = bound
        spec.isEqualTo = true
        return validated(spec)
    }

    private func start(_ value: Any?, _ childKey: String?, exclusive: Bool, method: String) -> DatabaseQuery {
        if spec.start != nil {
            return failing(
                "Can't call \(method) after queryStartingAtValue, queryStartingAfterValue, or "
                    + "queryEqualToValue was previously called")
        }
        guard let bound = bound(value, childKey, exclusive: exclusive, method: method) else {
            return failingBound(value, childKey, method)
        }
        var spec = spec
        spec.start = bound
        return validated(spec)
    }

    private func end(_ value: Any?, _ childKey: String?, exclusive: Bool, method: String) -> DatabaseQuery {
        if spec.end != nil {
            return failing(
                "Can't call \(method) after queryEndingAtValue, queryEndingBeforeValue or "
                    + "queryEqualToValue was previously called")
        }
        guard let bound = bound(value, childKey, exclusive: exclusive, method: method) else {
            return failingBound(value, childKey, method)
        }
        var spec = spec
        spec.end = bound
        return validated(spec)
    }

    /// A bound, or nil when the value (an object or array, even an empty one, as in the SDK) or key is not
    /// valid.
    private func bound(_ value: Any?, _ childKey: String?, exclusive: Bool, method: String) -> QuerySpec.Bound? {
        if value is [Any] || value is [String: Any] || value is NSArray || value is NSDictionary { return nil }
        guard let node = try? DatabaseNode(parsing: value, now: 0), !node.hasChildren else { return nil }
        if let childKey, (try? DatabasePath.validate(key: childKey)) == nil { return nil }
        return QuerySpec.Bound(value: SortValue(node), key: childKey, exclusive: exclusive)
    }

    private func failingBound(_ value: Any?, _ childKey: String?, _ method: String) -> DatabaseQuery {
        if let childKey, let error = Result(catching: { try DatabasePath.validate(key: childKey) }).failure {
            return failing("(\(method)) \(error)")
        }
        return failing("You can only pass nil, a String, a Bool or a number to \(method)")
    }

    /// `spec` when its bounds suit its order (the SDK's `validateQueryEndpointsForParams`), else an invalid
    /// query.
    private func validated(_ spec: QuerySpec) -> DatabaseQuery {
        let bounds = [spec.start, spec.end].compactMap { $0 }
        switch spec.index {
        case .key:
            if bounds.contains(where: { $0.key != nil }) {
                return failing(
                    "You must use queryStartingAtValue:, queryEndingAtValue: or queryEqualToValue: "
                        + "without childKey when using queryOrderedByKey")
            }
            if bounds.contains(where: { if case .string = $0.value { false } else { true } }) {
                return failing(
                    "Can't use queryStartingAtValue:, queryEndingAtValue: or queryEqualToValue: with "
                        + "other types than string in combination with queryOrderedByKey")
            }
        case .priority:
            if bounds.contains(where: { if case .bool = $0.value { true } else { false } }) {
                return failing(
                    "When using queryOrderedByPriority, values provided to queryStartingAtValue:, "
                        + "queryStartingAfterValue:, queryEndingAtValue:, queryEndingBeforeValue:, or "
                        + "queryEqualToValue: must be valid priorities.")
            }
        case .value, .child:
            break
        }
        return DatabaseQuery(database: database, spec: spec)
    }

    /// This query, invalid with `message` (the first problem is kept).
    func failing(_ message: String) -> DatabaseQuery {
        guard spec.error == nil else { return self }
        var spec = spec
        spec.error = .invalid(message)
        return DatabaseQuery(database: database, spec: spec)
    }

    // MARK: - Observing

    /// Calls `block` with each event of `eventType`: for ``DataEventType/value`` once with the current data,
    /// then after each change; for ``DataEventType/childAdded`` once per child, then for each newcomer; the
    /// other types after changes. `cancelBlock` receives the error that ends the observer (the security
    /// rules' ``DatabaseErrorCode/permissionDenied``, an invalid query); it is then removed.
    ///
    /// - Returns: the handle for ``removeObserver(withHandle:)``.
    @discardableResult
    public func observe(
        _ eventType: DataEventType, with block: @escaping @Sendable (DataSnapshot) -> Void,
        withCancel cancelBlock: (@Sendable (any Error) -> Void)? = nil
    ) -> DatabaseHandle {
        observe(eventType, andPreviousSiblingKeyWith: { snapshot, _ in block(snapshot) }, withCancel: cancelBlock)
    }

    /// Like ``observe(_:with:withCancel:)``, with the key of the child before the event's child in the
    /// query's order (nil for the first child, for removals and for value events).
    @discardableResult
    public func observe(
        _ eventType: DataEventType,
        andPreviousSiblingKeyWith block: @escaping @Sendable (DataSnapshot, String?) -> Void,
        withCancel cancelBlock: (@Sendable (any Error) -> Void)? = nil
    ) -> DatabaseHandle {
        DatabaseHandle(listen(eventType, once: false, block, cancelBlock))
    }

    /// Calls `block` with the first event of `eventType` only, then removes the observer.
    public func observeSingleEvent(
        of eventType: DataEventType,
        with block: @escaping @Sendable (DataSnapshot) -> Void,
        withCancel cancelBlock: (@Sendable (any Error) -> Void)? = nil
    ) {
        _ = listen(eventType, once: true, { snapshot, _ in block(snapshot) }, cancelBlock)
    }

    /// Like ``observeSingleEvent(of:with:withCancel:)``, with the previous sibling's key.
    public func observeSingleEvent(
        of eventType: DataEventType,
        andPreviousSiblingKeyWith block: @escaping @Sendable (DataSnapshot, String?) -> Void,
        withCancel cancelBlock: (@Sendable (any Error) -> Void)? = nil
    ) {
        _ = listen(eventType, once: true, block, cancelBlock)
    }

    /// ``observeSingleEvent(of:with:withCancel:)`` as an `async` call: the first event of `eventType`.
    /// - Throws: ``DatabaseError``: the query's own problem, ``DatabaseErrorCode/permissionDenied``.
    public func observeSingleEvent(of eventType: DataEventType) async throws -> DataSnapshot {
        try await observeSingleEventAndPreviousSiblingKey(of: eventType).0
    }

    /// ``observeSingleEvent(of:andPreviousSiblingKeyWith:withCancel:)`` as an `async` call (Firebase's
    /// `observeSingleEventAndPreviousSiblingKey(of:)`): the first event of `eventType` and the key of the
    /// child before its child (nil for the first child, for removals and value events).
    /// - Throws: ``DatabaseError``: the query's own problem, ``DatabaseErrorCode/permissionDenied``.
    public func observeSingleEventAndPreviousSiblingKey(of eventType: DataEventType) async throws
        -> (DataSnapshot, String?)
    {
        try await withCheckedThrowingContinuation { continuation in
            // Resumed once: by the event, the error, or the instance going away (its app deleted).
            let pending = Locked<CheckedContinuation<(DataSnapshot, String?), any Error>?>(continuation)
            let resume = { @Sendable (result: Result<(DataSnapshot, String?), any Error>) in
                pending.withLock { pending in
                    defer { pending = nil }
                    return pending
                }?.resume(with: result)
            }
            _ = register([eventType], once: true) { delivery in
                switch delivery {
                case .child(_, let previousKey, let snapshot): resume(.success((snapshot, previousKey)))
                case .value(let snapshot): resume(.success((snapshot, nil)))
                case .error(let error): resume(.failure(error))
                case .finished: resume(.failure(DatabaseEngine.gone))
                }
            }
        }
    }

    /// Removes the observer `handle` when it observes this query, or (on a reference or another query of all
    /// the children in the default order) any query at this location, as the SDK does; later events do not
    /// reach it. A handle of another query is left alone.
    public func removeObserver(withHandle handle: DatabaseHandle) {
        guard let id = Int(exactly: handle) else { return }
        database.engine.removeListener(id, of: spec)
    }

    /// Removes this query's observers; on a reference, every observer at its location (not what
    /// ``keepSynced(_:)`` keeps).
    public func removeAllObservers() {
        database.engine.removeListeners(matching: spec)
    }

    /// Keeps the query's data in sync even with no observer (Firebase's `keepSynced(_:)`): with a backend that
    /// listens per location (``HTTPDatabaseBackend``), the query's event stream stays open until
    /// `keepSynced(false)`, so observers added later start from data that is already there. The embedded
    /// backend's clients follow the whole database anyway. Calling it again with the same value does nothing;
    /// an invalid query is ignored. The client's cache lives in memory, and also on disk with
    /// ``Database/isPersistenceEnabled``.
    public func keepSynced(_ keepSynced: Bool) {
        database.engine.keepSynced(spec, keepSynced)
    }

    private func listen(
        _ type: DataEventType, once: Bool, _ block: @escaping @Sendable (DataSnapshot, String?) -> Void,
        _ cancelBlock: (@Sendable (any Error) -> Void)?
    ) -> Int {
        register([type], once: once) { delivery in
            switch delivery {
            case .child(_, let previousKey, let snapshot):
                block(snapshot, previousKey)
            case .value(let snapshot):
                block(snapshot, nil)
            case .error(let error):
                cancelBlock?(error)
            case .finished:
                break
            }
        }
    }

    /// What ``register(_:once:_:)``'s callback receives, with snapshots made.
    enum Delivery: Sendable {
        case child(DataEventType, previousKey: String?, DataSnapshot)
        case value(DataSnapshot)
        case error(DatabaseError)
        case finished
    }

    /// Registers an engine listener whose deliveries become snapshots of this query.
    func register(_ types: Set<DataEventType>, once: Bool, _ callback: @escaping @Sendable (Delivery) -> Void) -> Int {
        let database = database
        let spec = spec
        let location = ref
        return database.engine.listen(spec, types: types, once: once) { delivery in
            switch delivery {
            case .child(let event):
                let child = DatabaseReference(database: database, path: spec.path.appending(event.key), error: nil)
                callback(.child(event.type, previousKey: event.previousKey, DataSnapshot(ref: child, node: event.node)))
            case .value(let node):
                callback(.value(DataSnapshot(ref: location, node: node, index: spec.index)))
            case .error(let error):
                callback(.error(error))
            case .finished:
                callback(.finished)
            }
        }
    }

    // MARK: - Reading

    /// The data the query selects, read from the backend (not from the listeners' data).
    /// - Throws: ``DatabaseError``: the query's own problem, ``DatabaseErrorCode/permissionDenied``.
    public func getData() async throws -> DataSnapshot {
        if let error = spec.error { throw error }
        let node = try await database.engine.read(spec)
        let view = QueryView(spec: spec, node: node, tracksChildren: false)
        return DataSnapshot(ref: ref, node: view.snapshotNode, index: spec.index)
    }
}

extension Result {
    /// The error, nil on success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
