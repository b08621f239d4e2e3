/// How an app's Messaging starts: the counterpart of Firebase's `FirebaseMessagingAutoInitEnabled` Info.plist
/// key, read when the instance is created (eagerly, when the default app is configured).
///
/// ```swift
/// try AppRegistry.shared.configure(options: options,
///                                  overrides: [MessagingLibrary.settings(MessagingSettings(isAutoInitEnabled: false))])
/// ```
public struct MessagingSettings: Sendable, Hashable {
    /// The initial ``Messaging/isAutoInitEnabled``; nil (the default) follows the app's
    /// `isDataCollectionDefaultEnabled`.
    public var isAutoInitEnabled: Bool?

    /// Settings; by default auto-init follows the app's data collection switch.
    public init(isAutoInitEnabled: Bool? = nil) {
        self.isAutoInitEnabled = isAutoInitEnabled
    }
}
