// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One token refresh in flight, shared by every caller that needs a new ID token for the same session
/// while it runs (concurrent refreshes send one request).
final class RefreshOperation: Sendable {
    /// The refresh token being exchanged: identifies the session the refresh belongs to.
    let refreshToken: String
    /// The request; every waiter awaits its result.
    let task: Task<AuthBackendSession, any Error>

    /// Starts the request at once.
    init(refreshToken: String, backend: any AuthBackend) {
        self.refreshToken = refreshToken
        task = Task { try await backend.refreshSession(refreshToken: refreshToken) }
    }
}
