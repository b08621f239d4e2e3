// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Who a message sent through a ``LocalMessagingBackend`` is for (FCM's `token`, `topic` and `condition`).
public enum MessagingTarget: Sendable, Hashable {
    /// One app instance, by its FCM registration token.
    case token(String)
    /// One app instance registered under its installation ID (``Messaging/register()``, with
    /// ``Messaging/isInstallationIdEnabled`` on), as FCM's `fid` target.
    case installationID(String)
    /// Every app instance subscribed to the topic (with or without the `/topics/` prefix).
    case topic(String)
    /// Every app instance whose topics satisfy the condition, e.g.
    /// `'a' in topics && ('b' in topics || 'c' in topics)` (see ``TopicCondition``).
    case condition(String)
}
