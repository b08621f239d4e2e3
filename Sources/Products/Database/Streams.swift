// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// `AsyncSequence` forms of the observers, with the stream names of Firebase's AsyncSequence proposal (see
/// FlintCore's Streams guide): each iteration registers its own observer and removes it when the loop ends,
/// however it ends (`break`, an error, cancellation of the consuming task, the stream dropped). Nothing is
/// dropped: the streams buffer without limit. A refusal by the security rules
/// (``DatabaseErrorCode/permissionDenied``) or an invalid query ends the loop by throwing it; deleting the app
/// finishes it normally.
extension DatabaseQuery {
    /// The data the query selects: once at first (`exists() == false` when there is none), then after every
    /// change.
    ///
    /// ```swift
    /// for try await snapshot in db.reference(withPath: "game/score").value {
    ///     print(snapshot.value ?? "none")
    /// }
    /// ```
    public var value: AsyncThrowingStream<DataSnapshot, any Error> {
        stream(of: [.value]) { delivery in
            if case .value(let snapshot) = delivery { snapshot } else { nil }
        }
    }

    /// The child-level events of the query: a ``DatabaseEvent/childAdded(_:previousSiblingKey:)`` per child
    /// at first, in order, then each change's removals, additions, moves and changes, in that order, each in
    /// the query's order.
    ///
    /// ```swift
    /// for try await event in db.reference(withPath: "chats/123/messages").events() {
    ///     if case .childAdded(let message, _) = event { print(message.value ?? "") }
    /// }
    /// ```
    public func events() -> AsyncThrowingStream<DatabaseEvent, any Error> {
        stream(of: [.childAdded, .childRemoved, .childChanged, .childMoved]) { delivery in
            guard case .child(let type, let previousKey, let snapshot) = delivery else { return nil }
            switch type {
            case .childAdded: return .childAdded(snapshot, previousSiblingKey: previousKey)
            case .childChanged: return .childChanged(snapshot, previousSiblingKey: previousKey)
            case .childMoved: return .childMoved(snapshot, previousSiblingKey: previousKey)
            case .childRemoved, .value: return .childRemoved(snapshot)
            }
        }
    }

    /// A stream fed by one observer of `types`, removed when the stream ends (by its consumer, an error, or
    /// the app's deletion).
    private func stream<Element: Sendable>(
        of types: Set<DataEventType>,
        _ element: @escaping @Sendable (Delivery) -> Element?
    )
        -> AsyncThrowingStream<Element, any Error>
    {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Element.self, throwing: (any Error).self,
            bufferingPolicy: .unbounded)
        let handle = register(types, once: false) { delivery in
            switch delivery {
            case .error(let error): continuation.finish(throwing: error)
            case .finished: continuation.finish()
            default: if let value = element(delivery) { continuation.yield(value) }
            }
        }
        let engine = database.engine
        continuation.onTermination = { _ in engine.removeListener(handle) }
        return stream
    }
}
