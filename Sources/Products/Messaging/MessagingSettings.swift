// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// How an app's Messaging starts: the counterpart of Firebase's `FirebaseMessagingAutoInitEnabled` Info.plist
/// key, read when the instance is created (eagerly, when the default app is configured).
///
/// ```swift
/// try AppRegistry.shared.configure(options: options,
///                                  overrides: [MessagingLibrary.settings(MessagingSettings(isAutoInitEnabled: false))])
/// ```
public struct MessagingSettings: Sendable, Hashable {
    /// ``Messaging/isAutoInitEnabled`` until it is set; nil (the default) follows the app's
    /// `isDataCollectionDefaultEnabled` as it is at each use.
    public var isAutoInitEnabled: Bool?

    /// Where the token and an explicitly set ``Messaging/isAutoInitEnabled`` are saved between runs (one file,
    /// `messaging.json`, created when needed), as Firebase keeps them in the keychain and user defaults; nil (the
    /// default) keeps them in memory only. A saved auto-init setting wins over ``isAutoInitEnabled``.
    ///
    /// The file holds the token in plain JSON: point it at a directory only the app can read.
    public var persistenceDirectory: URL?

    /// ``Messaging/isInstallationIdEnabled`` (Firebase's `FirebaseMessagingInstallationIdEnabled` Info.plist key;
    /// off by default): the app instance registers with FCM under its installation ID (``Messaging/register()``)
    /// instead of getting an FCM registration token.
    public var isInstallationIdEnabled: Bool

    /// Settings; by default auto-init follows the app's data collection switch, nothing is saved, and the app instance
    /// gets FCM registration tokens.
    public init(isAutoInitEnabled: Bool? = nil, persistenceDirectory: URL? = nil, isInstallationIdEnabled: Bool = false)
    {
        self.isAutoInitEnabled = isAutoInitEnabled
        self.persistenceDirectory = persistenceDirectory
        self.isInstallationIdEnabled = isInstallationIdEnabled
    }
}
