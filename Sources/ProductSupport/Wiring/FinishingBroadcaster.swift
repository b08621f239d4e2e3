// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
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
/// Built on FlintCore's `ListenerBroadcaster`, with its guarantees and its cost: listeners run on the sender's
/// thread, in registration order, with no lock held; one removed before its turn in a ``send(_:)`` is not
/// called; a send costs about one closure call per listener.
public final class FinishingBroadcaster<Value: Sendable>: Sendable {
    private enum Event: Sendable {
        case value(Value)
        case finished
    }

    private let broadcaster = ListenerBroadcaster<Event>()
    private let finished = Locked(false)

    /// An empty, unfinished broadcaster.
    public init() {}

    /// Adds `listener`; `onFinish` runs once if ``finish()`` is called while it is registered. After
    /// ``finish()``, `onFinish` runs at once and the listener is not kept.
    public func addListener(
        onFinish: @escaping @Sendable () -> Void = {},
        _ listener: @escaping @Sendable (Value) -> Void
    ) -> any ListenerRegistration {
        let told = Locked(false)
        let finishOnce: @Sendable () -> Void = {
            if !told.withLock({
                let was = $0
                $0 = true
                return was
            }) {
                onFinish()
            }
        }
        let registration = broadcaster.addListener { event in
            switch event {
            case .value(let value): listener(value)
            case .finished: finishOnce()
            }
        }
        // Checked after registering: a finish that came before this point may have sent before the listener
        // was in the list (then it is told here; `finishOnce` keeps it to one call either way).
        if finished.withLock({ $0 }) {
            registration.remove()
            finishOnce()
        }
        return registration
    }

    /// Calls every registered listener with `value`.
    public func send(_ value: Value) {
        broadcaster.send(.value(value))
    }

    /// Removes every listener after calling its `onFinish`; later registrations finish at once. Idempotent.
    public func finish() {
        let wasFinished = finished.withLock { finished in
            defer { finished = true }
            return finished
        }
        guard !wasFinished else { return }
        broadcaster.send(.finished)
        broadcaster.removeAll()
    }

    /// Whether ``finish()`` was called.
    public var isFinished: Bool { finished.withLock { $0 } }

    /// The number of registered listeners.
    public var listenerCount: Int { broadcaster.listenerCount }

    /// A stream of the values sent from now on, with a listener of its own that is removed when the loop
    /// ends however it ends; the stream finishes when the broadcaster does.
    public func stream(bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded) -> AsyncStream<
        Value
    > {
        stream(bufferingPolicy: bufferingPolicy) { $0 }
    }

    /// A stream of the non-nil results of `transform` on the values sent (see ``stream(bufferingPolicy:)``).
    public func stream<Output: Sendable>(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy = .unbounded,
        _ transform: @escaping @Sendable (Value) -> Output?
    ) -> AsyncStream<Output> {
        let (stream, continuation) = AsyncStream.makeStream(of: Output.self, bufferingPolicy: bufferingPolicy)
        let slot = StreamRegistrationSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(
            addListener(onFinish: { continuation.finish() }) { value in
                if let output = transform(value) { continuation.yield(output) }
            })
        return stream
    }

    /// A throwing stream over a broadcaster of results: `.success` yields, `.failure` ends the loop by
    /// throwing; the stream finishes normally when the broadcaster finishes. Its listener is removed when the
    /// loop ends however it ends.
    public func throwingStream<Element: Sendable>(
        bufferingPolicy: AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncThrowingStream<Element, any Error> where Value == Result<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Element.self, throwing: (any Error).self,
            bufferingPolicy: bufferingPolicy)
        let slot = StreamRegistrationSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(addListener(onFinish: { continuation.finish() }) { continuation.yield(with: $0) })
        return stream
    }
}
