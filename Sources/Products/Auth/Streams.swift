import FlintCore

extension Auth {
    /// The signed-in user, now and after every sign-in, sign-out or user switch (nil when signed out).
    ///
    /// ```swift
    /// for await user in try Auth.auth().authStateChanges {
    ///     if let user { showHome(for: user) } else { showSignIn() }
    /// }
    /// ```
    ///
    /// Each access registers its own ``addStateDidChangeListener(_:)`` listener, removed when the loop
    /// ends, breaks, or its task is cancelled. The stream finishes (the loop ends) when the app is deleted;
    /// one made after that finishes at once. A state stream: a slow consumer gets the newest state and skips
    /// stale ones (`.bufferingNewest(1)`).
    public var authStateChanges: AsyncStream<User?> {
        changes(filteringUIDs: true)
    }

    /// The signed-in user, now and after every change of the raw ID token: sign-in, sign-out, user switch
    /// and ID-token refresh.
    ///
    /// Each access registers its own ``addIDTokenDidChangeListener(_:)`` listener, removed when the loop
    /// ends, breaks, or its task is cancelled. The stream finishes when the app is deleted; one made after
    /// that finishes at once. Buffers only the newest value (`.bufferingNewest(1)`).
    public var idTokenChanges: AsyncStream<User?> {
        changes(filteringUIDs: false)
    }

    /// A stream over a listener that finishes when the app is deleted. (`AsyncStream.listening` cannot
    /// finish from the producer's side, hence the continuation here.)
    private func changes(filteringUIDs: Bool) -> AsyncStream<User?> {
        let (stream, continuation) = AsyncStream.makeStream(of: User?.self, bufferingPolicy: .bufferingNewest(1))
        let slot = RegistrationSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(addListener(filteringUIDs: filteringUIDs, onClose: { continuation.finish() }) { _, user in
            continuation.yield(user)
        })
        return stream
    }
}

/// Hands a stream's registration to its termination handler, whichever arrives first (a stream that ends
/// while its listener is being registered still removes it).
private final class RegistrationSlot: Sendable {
    private enum State {
        case pending
        case registered(any ListenerRegistration)
        case terminated
    }

    private let state = Locked<State>(.pending)

    /// Stores the registration, or removes it at once when the stream already ended.
    func install(_ registration: any ListenerRegistration) {
        let terminated = state.withLock { state in
            guard case .pending = state else { return true }
            state = .registered(registration)
            return false
        }
        if terminated { registration.remove() }
    }

    /// Marks the stream ended and removes the registration if it is known.
    func terminate() {
        let registration = state.withLock { state -> (any ListenerRegistration)? in
            defer { state = .terminated }
            if case .registered(let registration) = state { return registration }
            return nil
        }
        registration?.remove()
    }
}
