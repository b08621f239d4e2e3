import FlintCore

/// A ``ListenerBroadcaster`` that can be closed for good (the app was deleted): closing removes every listener
/// after telling each one, and a listener added afterwards is told at once and never registered. Streams use
/// the close to finish their loops.
final class ClosableBroadcaster<Value: Sendable>: Sendable {
    private enum Event: Sendable {
        case value(Value)
        case closed
    }

    private let broadcaster = ListenerBroadcaster<Event>()
    private let closed = Locked(false)

    /// Registers `listener` for every value sent from now on, and `onClose` to run once when the broadcaster
    /// closes (at once, with nothing registered, when it already did).
    func addListener(onClose: (@Sendable () -> Void)? = nil,
                     _ listener: @escaping @Sendable (Value) -> Void) -> any ListenerRegistration {
        let registration = broadcaster.addListener { event in
            switch event {
            case .value(let value): listener(value)
            case .closed: onClose?()
            }
        }
        // Checked after registering: a close that set the flag before this point may have sent before the
        // listener was in the list. Running `onClose` twice is harmless for its users (finishing a stream).
        if closed.withLock({ $0 }) {
            registration.remove()
            onClose?()
        }
        return registration
    }

    /// Calls every listener with `value`, in registration order, with no lock held.
    func send(_ value: Value) {
        broadcaster.send(.value(value))
    }

    /// Tells every listener the broadcaster closed, then removes them all; later listeners are refused.
    func close() {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        broadcaster.send(.closed)
        broadcaster.removeAll()
    }

    /// How many listeners are registered.
    var listenerCount: Int { broadcaster.listenerCount }

    /// A stream of the values sent, which finishes when the broadcaster closes and removes its listener when
    /// its consumer stops.
    func stream(bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy) -> AsyncStream<Value> {
        stream(bufferingPolicy: bufferingPolicy) { $0 }
    }

    /// A stream of the non-nil results of `transform` on the values sent (see ``stream(bufferingPolicy:)``).
    func stream<Output: Sendable>(bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy,
                                  _ transform: @escaping @Sendable (Value) -> Output?) -> AsyncStream<Output> {
        let (stream, continuation) = AsyncStream.makeStream(of: Output.self, bufferingPolicy: bufferingPolicy)
        let slot = StreamSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(addListener(onClose: { continuation.finish() }) { value in
            if let output = transform(value) { continuation.yield(output) }
        })
        return stream
    }
}
