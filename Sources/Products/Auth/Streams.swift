// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
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
        let slot = StreamRegistrationSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(
            addListener(filteringUIDs: filteringUIDs, onClose: { continuation.finish() }) { _, user in
                continuation.yield(user)
            })
        return stream
    }
}
