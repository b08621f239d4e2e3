// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// A scriptable, recording stand-in for Messaging's interop side: the FCM token.
///
/// ```swift
/// let messaging = FakeMessaging(fcmToken: "device-token")
/// let app = try TestApp.make(overrides: messaging.components)
/// ```
///
/// Set ``fcmToken`` through the states FlintMessaging's `Messaging` goes through as other products see it: nil
/// before a token was issued, the token, nil after `deleteToken()`; ``tokenUpdates`` and
/// ``addTokenListener(_:)`` report the changes as the real ones do. (The real one is served in the default app
/// only; this fake in any app it is given to.)
///
/// Thread-safe; all state sits behind one `Locked`.
public final class FakeMessaging: MessagingInterop, Sendable {
    private struct State {
        var fcmToken: String?
        var fcmTokenReadCount = 0
    }

    private let state: Locked<State>
    private let tokenListeners = ListenerBroadcaster<String?>()

    /// A fake Messaging whose current token is `fcmToken` (nil: none issued yet).
    public init(fcmToken: String? = "fake-fcm-token") {
        state = Locked(State(fcmToken: fcmToken))
    }

    /// A component serving this instance as `MessagingInterop`, for `overrides`.
    public var components: [Component] {
        [Component.instance(self, as: MessagingInterop.self)]
    }

    /// The current FCM token. Every read is counted in ``fcmTokenReadCount`` (a test's own reads
    /// included, so read ``fcmTokenReadCount`` before peeking); setting it is not counted.
    public var fcmToken: String? {
        get {
            state.withLock {
                $0.fcmTokenReadCount += 1
                return $0.fcmToken
            }
        }
        set {
            let changed = state.withLock { state in
                defer { state.fcmToken = newValue }
                return state.fcmToken != newValue
            }
            if changed { tokenListeners.send(newValue) }
        }
    }

    /// Registers `listener` for token changes, as FlintMessaging's `Messaging.addTokenListener(_:)`: called
    /// each time ``fcmToken`` is set to a different value (nil for a deletion), on the setter's thread, with
    /// no lock held.
    @discardableResult
    public func addTokenListener(_ listener: @escaping @Sendable (String?) -> Void) -> any ListenerRegistration {
        tokenListeners.addListener(listener)
    }

    /// The token each time ``fcmToken`` is set to a different non-nil value, as FlintMessaging's
    /// `Messaging.tokenUpdates`: deletions (nil) are not yielded, and neither is the current token. One listener
    /// per stream, removed when the loop ends; buffers the newest token only.
    public var tokenUpdates: AsyncStream<String> {
        AsyncStream.listening(bufferingPolicy: .bufferingNewest(1)) { yield in
            addTokenListener { token in
                if let token { yield(token) }
            }
        }
    }

    /// How many token listeners (streams included) are registered.
    public var tokenListenerCount: Int { tokenListeners.listenerCount }

    /// How many times ``fcmToken`` was read.
    public var fcmTokenReadCount: Int { state.withLock { $0.fcmTokenReadCount } }

    /// Forgets every recorded read; the token is kept.
    public func resetRecordedCalls() {
        state.withLock { $0.fcmTokenReadCount = 0 }
    }
}
