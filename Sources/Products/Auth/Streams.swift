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
    /// ends, breaks, or its task is cancelled. A state stream: a slow consumer gets the newest state and
    /// skips stale ones (`.bufferingNewest(1)`).
    public var authStateChanges: AsyncStream<User?> {
        AsyncStream.listening(bufferingPolicy: .bufferingNewest(1)) { yield in
            addStateDidChangeListener { _, user in yield(user) }
        }
    }

    /// The signed-in user, now and after every sign-in, sign-out, user switch and ID-token refresh.
    ///
    /// Each access registers its own ``addIDTokenDidChangeListener(_:)`` listener, removed when the loop
    /// ends, breaks, or its task is cancelled. Buffers only the newest value (`.bufferingNewest(1)`).
    public var idTokenChanges: AsyncStream<User?> {
        AsyncStream.listening(bufferingPolicy: .bufferingNewest(1)) { yield in
            addIDTokenDidChangeListener { _, user in yield(user) }
        }
    }
}
