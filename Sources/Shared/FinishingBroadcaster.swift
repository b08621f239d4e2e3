import FlintCore

/// A listener list that can also be *finished*: ``finish()`` (called when the app is deleted) tells every
/// listener's `onFinish` once and makes later registrations finish at once. The streams it makes end their
/// loops then, which `ListenerBroadcaster` plus `AsyncStream.listening` cannot do from the producer's side.
///
/// ```swift
/// private let changes = FinishingBroadcaster<String>()
/// public var idChanges: AsyncStream<String> { changes.stream(bufferingPolicy: .bufferingNewest(1)) }
/// func appWillBeDeleted(_ app: FlintApp) async { changes.finish() }
/// ```
///
/// Listeners run on the sender's thread, in registration order, with no lock held; one removed before its
/// turn in a ``send(_:)`` is not called.
public final class FinishingBroadcaster<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let id: Int
        let listener: @Sendable (Value) -> Void
        let onFinish: @Sendable () -> Void
    }

    private struct State {
        var entries: [Entry] = []
        var nextID = 0
        var finished = false
    }

    private let state = Locked(State())

    /// An empty, unfinished broadcaster.
    public init() {}

    /// Adds `listener`; `onFinish` runs once if ``finish()`` is called while it is registered. After
    /// ``finish()``, `onFinish` runs at once and the listener is not kept.
    public func addListener(onFinish: @escaping @Sendable () -> Void = {},
                            _ listener: @escaping @Sendable (Value) -> Void) -> any ListenerRegistration {
        let id: Int? = state.withLock { state in
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.entries.append(Entry(id: id, listener: listener, onFinish: onFinish))
            return id
        }
        guard let id else {
            onFinish()
            return ClosureListenerRegistration {}
        }
        return ClosureListenerRegistration { [state] in
            state.withLock { $0.entries.removeAll { $0.id == id } }
        }
    }

    /// Calls every registered listener with `value`.
    public func send(_ value: Value) {
        let entries = state.withLock { $0.entries }
        for entry in entries where isRegistered(entry.id) {
            entry.listener(value)
        }
    }

    private func isRegistered(_ id: Int) -> Bool {
        state.withLock { $0.entries.contains { $0.id == id } }
    }

    /// Removes every listener after calling its `onFinish`; later registrations finish at once. Idempotent.
    public func finish() {
        let entries = state.withLock { state -> [Entry] in
            defer { state.entries = []; state.finished = true }
            return state.entries
        }
        for entry in entries { entry.onFinish() }
    }

    /// Whether ``finish()`` was called.
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// The number of registered listeners.
    public var listenerCount: Int { state.withLock { $0.entries.count } }

    /// A stream of the values sent from now on, with a listener of its own that is removed when the loop
    /// ends however it ends; the stream finishes when the broadcaster does.
    public func stream(bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        let slot = FinishingBroadcasterSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(addListener(onFinish: { continuation.finish() }) { continuation.yield($0) })
        return stream
    }

    /// A throwing stream over a broadcaster of results: `.success` yields, `.failure` ends the loop by
    /// throwing; the stream finishes normally when the broadcaster finishes. Its listener is removed when the
    /// loop ends however it ends.
    public func throwingStream<Element: Sendable>(
        bufferingPolicy: AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncThrowingStream<Element, any Error> where Value == Result<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self, throwing: (any Error).self,
                                                                    bufferingPolicy: bufferingPolicy)
        let slot = FinishingBroadcasterSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(addListener(onFinish: { continuation.finish() }) { continuation.yield(with: $0) })
        return stream
    }
}
