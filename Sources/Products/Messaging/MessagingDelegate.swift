// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Told about FCM registration changes (Firebase's `MessagingDelegate`), as an alternative to
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
/// Every method is optional, as in Firebase (each has an empty default implementation). With
/// ``Messaging/isInstallationIdEnabled`` off, ``messaging(_:didReceiveRegistrationToken:)`` hears about the FCM
/// token; with it on, ``messaging(_:didReceiveRegistration:)`` and ``messaging(_:didUnregister:)`` hear about the
/// installation ID's registration instead.
///
/// ``Messaging`` keeps its delegate weakly, as Firebase does. The methods run on the thread that made the change,
/// with no lock held, before the token listeners; keep them short.
public protocol MessagingDelegate: AnyObject, Sendable {
    /// A new token was issued, or the token was deleted (`nil`). Called only when the token changes.
    func messaging(_ messaging: Messaging, didReceiveRegistrationToken fcmToken: String?)

    /// With ``Messaging/isInstallationIdEnabled`` on: the app instance is registered with FCM under
    /// `installationId`, after every successful ``Messaging/register()`` (also when it was registered already).
    func messaging(_ messaging: Messaging, didReceiveRegistration installationId: String?)

    /// With ``Messaging/isInstallationIdEnabled`` on: ``Messaging/unregister()`` unregistered `installationId`;
    /// no message reaches the app instance until it registers again.
    func messaging(_ messaging: Messaging, didUnregister installationId: String)
}

extension MessagingDelegate {
    /// Does nothing: the method is optional.
    public func messaging(_ messaging: Messaging, didReceiveRegistrationToken fcmToken: String?) {}

    /// Does nothing: the method is optional.
    public func messaging(_ messaging: Messaging, didReceiveRegistration installationId: String?) {}

    /// Does nothing: the method is optional.
    public func messaging(_ messaging: Messaging, didUnregister installationId: String) {}
}
