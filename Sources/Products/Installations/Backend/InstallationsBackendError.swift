// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What an ``InstallationsBackend`` call can fail with.
public enum InstallationsBackendError: Error, Sendable, Hashable {
    /// The backend does not know the installation (or its refresh token): it must be registered again.
    case installationNotFound
    /// The request was refused as invalid (bad API key, project or app ID), with the reason.
    case invalidConfiguration(String)
    /// The backend could not be reached or sent an unreadable answer, with the reason.
    case serverUnreachable(String)
    /// The backend answered HTTP 429 or 5xx, with the reason: Installations backs off (``InstallationsBackoff``).
    case serverError(String)
}
