// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Topic subscriptions: made with the token (fetched first if needed) at the backend.
extension Messaging {
    /// Subscribes this app instance to `topic` (`weather`; the old `/topics/weather` form works too), getting a
    /// token first if needed (with ``isInstallationIdEnabled`` on: registering the installation ID first).
    ///
    /// - Throws: ``MessagingError`` `invalidTopicName` when `topic` is empty or has a character outside
    ///   `a-z A-Z 0-9 - _ . ~ %`; the errors of ``token()``; the backend's.
    public func subscribe(toTopic topic: String) async throws(MessagingError) {
        guard let name = MessagingTopic.normalize(topic) else {
            throw MessagingError(
                .invalidTopicName, message: "Cannot parse topic name: '\(Self.shorten(topic))'. Will not subscribe.")
        }
        let (token, request) = try await registration()
        do {
            try await backend.subscribe(token: token, toTopic: name, request: request)
        } catch {
            throw Self.messagingError(error)
        }
    }

    /// Unsubscribes this app instance from `topic` (see ``subscribe(toTopic:)``).
    ///
    /// - Throws: the errors of ``subscribe(toTopic:)``.
    public func unsubscribe(fromTopic topic: String) async throws(MessagingError) {
        guard let name = MessagingTopic.normalize(topic) else {
            throw MessagingError(
                .invalidTopicName, message: "Cannot parse topic name: '\(Self.shorten(topic))'. Will not unsubscribe.")
        }
        let (token, request) = try await registration()
        do {
            try await backend.unsubscribe(token: token, fromTopic: name, request: request)
        } catch {
            throw Self.messagingError(error)
        }
    }

    /// The token and the request it was issued for, fetching it first if needed (with ``isInstallationIdEnabled``
    /// on: the registered installation ID, registering first if needed).
    private func registration() async throws(MessagingError) -> (String, MessagingRegistrationRequest) {
        if installationIdEnabled { return try await installationTopicRegistration() }
        for _ in 0..<Self.maximumAttempts {
            let token = try await self.token()
            if let request = state.withLock({ $0.token == token ? $0.request : nil }) {
                return (token, await withAuthToken(request))
            }
        }
        throw MessagingError(.operationInProgress, message: "The token kept changing while a topic operation started.")
    }

    /// `text` cut to 80 characters (and an ellipsis), for an error message.
    private static func shorten(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
