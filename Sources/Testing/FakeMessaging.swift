import FlintCore
import FlintInterop

/// A scriptable, recording stand-in for Messaging's interop side: the FCM token.
///
/// ```swift
/// let messaging = FakeMessaging(fcmToken: "device-token")
/// let app = try TestApp.make(overrides: messaging.components)
/// ```
///
/// Thread-safe; all state sits behind one `Locked`.
public final class FakeMessaging: MessagingInterop, Sendable {
    private struct State {
        var fcmToken: String?
        var fcmTokenReadCount = 0
    }

    private let state: Locked<State>

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
        set { state.withLock { $0.fcmToken = newValue } }
    }

    /// How many times ``fcmToken`` was read.
    public var fcmTokenReadCount: Int { state.withLock { $0.fcmTokenReadCount } }

    /// Forgets every recorded read; the token is kept.
    public func resetRecordedCalls() {
        state.withLock { $0.fcmTokenReadCount = 0 }
    }
}
