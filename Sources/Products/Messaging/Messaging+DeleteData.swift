// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Firebase's GDPR call: everything Messaging registered, deleted.
extension Messaging {
    /// Deletes everything this app instance registered with FCM (Firebase's `deleteData()`): the default token and
    /// the tokens of other senders — or, with ``isInstallationIdEnabled`` on, the installation ID registration. The
    /// installation ID itself stays (delete it with Installations). Then, with ``isAutoInitEnabled`` on, a new
    /// token is fetched (or the installation ID registered again), as Firebase does.
    ///
    /// - Throws: the first ``MessagingError`` of the deletions (every deletion is tried) or of the new
    ///   registration; `unknown` after the app was deleted.
    public func deleteData() async throws(MessagingError) {
        var firstError: MessagingError?
        if installationIdEnabled {
            let registered = installationRegistration.withLock { $0.registered != nil || $0.fetch != nil }
            if registered {
                do throws(MessagingError) { try await unregister() } catch { firstError = error }
            }
        } else {
            let backend = backend
            for (token, request) in senderTokens.invalidateAll() {
                do {
                    try await backend.deleteRegistration(token: token, request: await withAuthToken(request))
                } catch {
                    firstError = firstError ?? Self.messagingError(error)
                }
            }
            do throws(MessagingError) { try await deleteToken() } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
        guard isAutoInitEnabled else { return }
        if installationIdEnabled {
            try await register()
        } else {
            _ = try await token()
        }
    }
}
