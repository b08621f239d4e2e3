// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension Notification.Name {
    /// Firebase's `AppCheckTokenDidChange` (`FIRAppCheckAppCheckTokenDidChangeNotification`), posted to
    /// `NotificationCenter.default` each time an ``AppCheck`` instance gets a new token, when its token listeners
    /// are told. Its `userInfo` holds the token string under ``AppCheckTokenNotificationKey`` and the app's name
    /// under ``AppCheckAppNameNotificationKey``. ``AppCheck/addTokenDidChangeListener(_:)`` and ``AppCheck/tokenChanges`` are the
    /// per-instance equivalents.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let AppCheckTokenDidChange = Notification.Name("FIRAppCheckAppCheckTokenDidChangeNotification")
}

/// Firebase's `AppCheckTokenNotificationKey`: the `userInfo` key of the new token's string in an
/// `AppCheckTokenDidChange` notification.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let AppCheckTokenNotificationKey = "FIRAppCheckTokenNotificationKey"

/// Firebase's `AppCheckAppNameNotificationKey`: the `userInfo` key of the app's name in an
/// `AppCheckTokenDidChange` notification.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let AppCheckAppNameNotificationKey = "FIRAppCheckAppNameNotificationKey"
