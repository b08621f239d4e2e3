// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Told about FCM registration token changes (Firebase's `MessagingDelegate`), as an alternative to
/// ``Messaging/tokenUpdates``.
///
/// ```swift
/// final class TokenUploader: MessagingDelegate {
///     func messaging(_ messaging: Messaging, didReceiveRegistrationToken fcmToken: String?) {
///         guard let fcmToken else { return }       // nil: the token was deleted
///         Task { await server.store(fcmToken) }
///     }
/// }
/// ```
///
/// ``Messaging`` keeps its delegate weakly, as Firebase does. The method runs on the thread that changed the
/// token, with no lock held, before the token listeners; keep it short.
public protocol MessagingDelegate: AnyObject, Sendable {
    /// A new token was issued, or the token was deleted (`nil`). Called only when the token changes.
    func messaging(_ messaging: Messaging, didReceiveRegistrationToken fcmToken: String?)
}
