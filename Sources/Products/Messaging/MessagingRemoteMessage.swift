// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A message received from FCM while the app runs (Firebase's `MessagingRemoteMessage`): what
/// ``Messaging/foregroundMessages`` yields.
public struct MessagingRemoteMessage: Sendable, Hashable {
    /// The message's ID, unique per backend (`gcm.message_id`).
    public var messageID: String
    /// Who sent it: `/topics/{name}` for a topic message, the sender ID otherwise (`from`).
    public var from: String
    /// The message's data payload (Firebase's `appData`; string values, as FCM delivers them).
    public var appData: [String: String]
    /// When the backend accepted the message.
    public var sentTime: Date

    /// A message with these fields.
    public init(messageID: String, from: String, appData: [String: String], sentTime: Date) {
        self.messageID = messageID
        self.from = from
        self.appData = appData
        self.sentTime = sentTime
    }
}
