// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

extension Messaging {
    /// A token for another sender (a project number other than the app's `gcmSenderID`), so that it can
    /// message this app instance too (Firebase's `retrieveFCMToken(forSenderID:)`). It is issued for the same
    /// installation ID, kept until ``deleteFCMToken(forSenderID:)`` or an installation ID change, and its
    /// messages arrive in ``foregroundMessages`` like the default token's. It is not the default token: it never
    /// reaches the delegate, ``tokenUpdates`` or ``fcmToken``. For the app's own sender ID this is ``token()``.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` for an empty sender ID; otherwise the errors of
    ///   ``token()``.
    public func retrieveFCMToken(forSenderID senderID: String) async throws(MessagingError) -> String {
        try refuseTokenOperationsInInstallationIDMode()
        guard !senderID.isEmpty else {
            throw MessagingError(
                .invalidRequest,
                message:
                    "Couldn't fetch token because a Sender ID was not supplied. A valid Sender ID is required to fetch an FCM token."
            )
        }
        if senderID == options.gcmSenderID { return try await token() }
        return try await senderTokens.token(
            for: senderID,
            register: { [self] in try await register(senderID: senderID) },
            connect: { [weak self] token in
                guard let self else { return ClosureListenerRegistration {} }
                return backend.addReceiver(token: token) { [weak self] message in self?.messageListeners.send(message) }
            },
            delete: { [weak self] token, request in
                try? await self?.backend.deleteRegistration(token: token, request: request)
            })
    }

    /// Deletes the token of another sender at the backend and forgets it (Firebase's
    /// `deleteFCMToken(forSenderID:)`); nothing happens without one. For the app's own sender ID this is
    /// ``deleteToken()``.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` for an empty sender ID; the backend's errors; `unknown`
    ///   after the app was deleted.
    public func deleteFCMToken(forSenderID senderID: String) async throws(MessagingError) {
        try refuseTokenOperationsInInstallationIDMode()
        guard !senderID.isEmpty else {
            throw MessagingError(
                .invalidRequest,
                message:
                    "Couldn't delete token because a Sender ID was not supplied. A valid Sender ID is required to delete an FCM token."
            )
        }
        if senderID == options.gcmSenderID { return try await deleteToken() }
        guard let (token, request) = try senderTokens.remove(senderID) else { return }
        do {
            try await backend.deleteRegistration(token: token, request: request)
        } catch {
            throw Self.messagingError(error)
        }
    }
}
