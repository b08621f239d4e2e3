// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

extension Messaging {
    /// Registers `listener` for token changes (the listener form of ``tokenUpdates`` and of the delegate):
    /// called with each new token and with nil when the token is deleted or invalidated, only when it
    /// changes, in order, on the thread that changed it, with no lock held.
    ///
    /// - Returns: the registration; `remove()` stops delivery. After the app is deleted nothing is registered.
    @discardableResult
    public func addTokenListener(_ listener: @escaping @Sendable (String?) -> Void) -> any ListenerRegistration {
        tokenListeners.addListener(listener)
    }

    /// Registers `listener` for the messages received while the app runs (the listener form of
    /// ``foregroundMessages``), called on the sender's thread with no lock held.
    ///
    /// - Returns: the registration; `remove()` stops delivery. After the app is deleted nothing is registered.
    @discardableResult
    public func addForegroundMessageListener(
        _ listener: @escaping @Sendable (MessagingRemoteMessage) -> Void
    ) -> any ListenerRegistration {
        messageListeners.addListener(listener)
    }

    /// The FCM registration token each time it changes (the stream name of Firebase's `AsyncSequence` proposal): a new token after the first fetch,
    /// after ``deleteToken()`` then ``token()``, or after the installation ID changed. A deletion is not
    /// yielded (the stream is of `String`); the delegate sees it as nil.
    ///
    /// ```swift
    /// for await token in try Messaging.messaging().tokenUpdates {
    ///     await server.store(token)
    /// }
    /// ```
    ///
    /// Each access registers its own listener, removed when the loop ends, breaks or its task is cancelled.
    /// The stream finishes when the app is deleted (at once if it already was). A state stream: a slow consumer
    /// gets the newest token only (`.bufferingNewest(1)`). It does not replay the current token: read
    /// ``fcmToken`` or call ``token()`` for that.
    public var tokenUpdates: AsyncStream<String> {
        tokenListeners.stream(bufferingPolicy: .bufferingNewest(1)) { $0 }
    }

    /// The messages received while the app runs (the stream name of Firebase's `AsyncSequence` proposal), in order: with the embedded backend, every
    /// message sent to this instance's token, to a topic it is subscribed to, or to a condition its topics
    /// satisfy.
    ///
    /// Each access registers its own listener, removed when the loop ends, breaks or its task is cancelled;
    /// messages arriving before the access are not replayed. The stream finishes when the app is deleted. An
    /// event stream: nothing is dropped (`.unbounded`).
    public var foregroundMessages: AsyncStream<MessagingRemoteMessage> {
        messageListeners.stream(bufferingPolicy: .unbounded)
    }
}
