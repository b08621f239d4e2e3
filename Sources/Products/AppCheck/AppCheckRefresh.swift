// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One token request in flight, shared by every caller that needs a new token while it runs.
final class AppCheckRefresh: Sendable {
    /// The provider request; every waiter awaits its result.
    let task: Task<AppCheckToken, any Error>

    /// Starts the request at once.
    init(provider: any AppCheckProvider) {
        task = Task { try await provider.getToken() }
    }
}
