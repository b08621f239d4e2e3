// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a ``RemoteConfigBackend`` call can fail with.
public enum RemoteConfigBackendError: Error, Sendable, Hashable {
    /// The server is overloaded or failing (HTTP 429, 500, 502, 503, 504): the client backs off.
    case unavailable(String)
    /// The server could not be reached, with the reason.
    case unreachable(String)
    /// The server refused the request or sent an unreadable answer, with the reason.
    case invalidResponse(String)
    /// Real-time updates are disabled for the project (the real-time server said `featureDisabled`); not retried.
    case featureDisabled
}
