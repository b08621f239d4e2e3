// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Information about a downstream message handed to ``Messaging/appDidReceiveMessage(_:)`` (Firebase's
/// `MessagingMessageInfo`).
public struct MessagingMessageInfo: Sendable, Hashable {
    /// The status of the message.
    public let status: MessagingMessageStatus

    /// Information with `status`.
    public init(status: MessagingMessageStatus) {
        self.status = status
    }
}
