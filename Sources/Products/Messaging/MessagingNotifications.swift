// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension Notification.Name {
    /// Firebase's `MessagingRegistrationTokenRefreshed` (`com.firebase.messaging.notif.fcm-token-refreshed`),
    /// posted to `NotificationCenter.default` each time ``Messaging`` tells its delegate about a registration: the
    /// new FCM token (nil when it was deleted), or with ``Messaging/isInstallationIdEnabled`` the registered
    /// installation ID, as the notification's `object` (a `String`). As in Firebase it says nothing of which app
    /// it is for; ``Messaging/tokenUpdates`` and `addTokenListener` are per instance.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let MessagingRegistrationTokenRefreshed = Notification.Name(
        "com.firebase.messaging.notif.fcm-token-refreshed")

    /// Firebase's `MessagingInstallationIdUnregistered`
    /// (`com.firebase.messaging.notif.installation-id-unregistered`), posted to `NotificationCenter.default` when
    /// ``Messaging/unregister()`` told the delegate's `messaging(_:didUnregister:)`, with the installation ID as
    /// the notification's `object`.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let MessagingInstallationIdUnregistered = Notification.Name(
        "com.firebase.messaging.notif.installation-id-unregistered")
}

extension Messaging {
    /// Posts `name` with `object` to the default notification center, as Firebase does beside each delegate call.
    func post(_ name: Notification.Name, object: String?) {
        NotificationCenter.default.post(name: name, object: object)
    }
}
