// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What Messaging offers other products: the app instance's FCM registration token.
///
/// Functions, for example, sends it in the `Firebase-Instance-ID-Token` header so that a callable
/// function can reply with a push message. Messaging provides it in the default app only; other apps
/// resolve nil.
public protocol MessagingInterop: AnyObject, Sendable {
    /// The current FCM registration token, or nil before one was issued or after it was deleted.
    var fcmToken: String? { get }
}
