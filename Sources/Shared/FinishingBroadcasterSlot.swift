import FlintCore

/// Hands a ``FinishingBroadcaster`` stream's registration to its termination handler, whichever of the two
/// arrives first, so a stream that ends while its listener is being added still removes it.
final class FinishingBroadcasterSlot: Sendable {
    private enum State {
        case pending
        case registered(any ListenerRegistration)
        case terminated
    }

    private let state = Locked<State>(.pending)

    /// Keeps `registration`, or removes it at once when the stream already ended.
    func install(_ registration: any ListenerRegistration) {
        let terminated = state.withLock { state in
            guard case .pending = state else { return true }
            state = .registered(registration)
            return false
        }
        if terminated { registration.remove() }
    }

    /// Marks the stream ended and removes the registration when it is known.
    func terminate() {
        let registration = state.withLock { state -> (any ListenerRegistration)? in
            defer { state = .terminated }
            if case .registered(let registration) = state { return registration }
            return nil
        }
        registration?.remove()
    }
}
