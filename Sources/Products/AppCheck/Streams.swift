import FlintCore

extension AppCheck {
    /// Every new token App Check obtains for its cache (after a refresh or a forced refresh), as a stream.
    ///
    /// ```swift
    /// for await token in appCheck.tokenChanges {
    ///     socket.updateAppCheckToken(token.token)
    /// }
    /// ```
    ///
    /// Each access registers its own ``addTokenDidChangeListener(_:)`` listener, removed when the loop ends,
    /// breaks, or its task is cancelled. A state stream: only the newest token is buffered
    /// (`.bufferingNewest(1)`). It does not start with the cached token: ask ``token(forcingRefresh:)``.
    public var tokenChanges: AsyncStream<AppCheckToken> {
        AsyncStream.listening(bufferingPolicy: .bufferingNewest(1)) { yield in
            addTokenDidChangeListener(yield)
        }
    }
}
