// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What ``Messaging/appDidReceiveMessage(_:)`` made of a message (Firebase's `MessagingMessageStatus`, same raw
/// values).
public enum MessagingMessageStatus: Int, Sendable, Hashable, CaseIterable {
    /// An empty message (0).
    case unknown = 0
    /// A downstream message received by the app (1).
    case new = 1
}
