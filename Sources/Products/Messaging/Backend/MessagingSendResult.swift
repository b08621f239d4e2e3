// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What ``LocalMessagingBackend/send(_:to:)`` did with a message.
public struct MessagingSendResult: Sendable, Hashable {
    /// The message's ID: `projects/{project}/messages/{number}`, as FCM names sent messages.
    public var name: String
    /// The tokens the message was for (registered at sending time), in token order.
    public var recipients: [String]
    /// How many of them had a receiver connected and got it at once; the others never will (the embedded
    /// backend keeps no queue).
    public var deliveredCount: Int
}
