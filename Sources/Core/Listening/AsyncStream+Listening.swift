// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Bridges from listener APIs. `Element` is `Sendable` because listeners run on the sender's thread
/// and hand the value to the consuming task.
extension AsyncStream where Element: Sendable {
    /// Registers a listener via `register` (called immediately, exactly once) that yields into the stream; the
    /// registration is removed when the iteration ends, the consumer breaks out, or its task is cancelled
    /// (continuation.onTermination). If the stream terminates before/while `register` returns, the registration is
    /// still removed (no leak).
    ///
    /// Every call registers its own listener, so every stream (and its single iterator) gets every value.
    /// The `yield` closure is the continuation's `yield`, nothing more. "Dropped" means the stream value and
    /// its iterator are both released: `for await x in source.changes { break }` removes the listener right
    /// after the `break`; a stream kept in a variable keeps its listener until the variable goes away.
    ///
    /// - Parameters:
    ///   - bufferingPolicy: what to keep while the consumer is not waiting. Use `.bufferingNewest(1)` for
    ///     state-like streams (only the latest state matters) and `.unbounded` for event streams.
    ///   - register: adds the listener (usually `broadcaster.addListener(yield)`) and returns its registration.
    @inlinable
    public static func listening(
        bufferingPolicy: Continuation.BufferingPolicy = .unbounded,
        _ register: (_ yield: @escaping @Sendable (Element) -> Void) -> any ListenerRegistration
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let slot = StreamRegistrationSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(register { value in continuation.yield(value) })
        return stream
    }
}

/// Bridges from listener APIs that can fail.
extension AsyncThrowingStream where Failure == any Error, Element: Sendable {
    /// Same, for listeners that can fail: `.success` yields, `.failure` finishes the stream by throwing that error
    /// (and removes the registration).
    ///
    /// The registration is also removed when the consumer breaks out, its task is cancelled, or the stream
    /// is dropped; a `.failure` emitted synchronously inside `register` still removes the registration it
    /// returns. Values emitted after the stream finished are ignored.
    ///
    /// - Parameters:
    ///   - bufferingPolicy: what to keep while the consumer is not waiting (see `AsyncStream.listening`).
    ///   - register: adds the listener and returns its registration.
    @inlinable
    public static func listening(
        bufferingPolicy: Continuation.BufferingPolicy = .unbounded,
        _ register: (_ emit: @escaping @Sendable (Result<Element, any Error>) -> Void) -> any ListenerRegistration
    ) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Element.self, throwing: (any Error).self, bufferingPolicy: bufferingPolicy)
        let slot = StreamRegistrationSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(register { result in continuation.yield(with: result) })
        return stream
    }
}

/// Hands a stream's registration to its termination handler, whichever of the two arrives first: the piece
/// every stream built on a listener API needs, public so that products building their own streams use this one.
///
/// ```swift
/// let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
/// let slot = StreamRegistrationSlot()
/// continuation.onTermination = { _ in slot.terminate() }      // installed before registering
/// slot.install(source.addListener { continuation.yield($0) })
/// ```
///
/// The termination handler is installed before `register` runs, so a stream that terminates while
/// `register` is still running (an error emitted synchronously, a consumer already cancelled) marks the
/// slot terminated, and the registration is removed as soon as `register` returns it.
public final class StreamRegistrationSlot: Sendable {
    private enum State {
        case pending
        case registered(any ListenerRegistration)
        case terminated
    }

    private let state = Locked<State>(.pending)

    /// An empty slot.
    public init() {}

    /// Stores the registration, or removes it at once if the stream has already terminated.
    public func install(_ registration: any ListenerRegistration) {
        let alreadyTerminated = state.withLock { state in
            guard case .pending = state else { return true }
            state = .registered(registration)
            return false
        }
        if alreadyTerminated {
            registration.remove()
        }
    }

    /// Marks the stream terminated and removes the registration if it is already known.
    public func terminate() {
        let registration = state.withLock { state -> (any ListenerRegistration)? in
            defer { state = .terminated }
            if case .registered(let registration) = state {
                return registration
            }
            return nil
        }
        registration?.remove()
    }
}
