// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Obtains App Check tokens for one app (Firebase's `AppCheckProvider`): the debug provider, or your own
/// attestation (DeviceCheck, App Attest, a custom service).
public protocol AppCheckProvider: Sendable {
    /// A new token. App Check caches it and calls again when it is about to expire.
    func getToken() async throws -> AppCheckToken

    /// A new limited-use token (for replay-protected endpoints); never cached. Defaults to ``getToken()``.
    func getLimitedUseToken() async throws -> AppCheckToken
}

extension AppCheckProvider {
    /// Providers without a separate limited-use flow hand out a regular token.
    public func getLimitedUseToken() async throws -> AppCheckToken {
        try await getToken()
    }
}
