// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Where Remote Config fetches templates and hears of new template versions: the embedded
/// ``LocalRemoteConfigBackend`` by default, ``RESTRemoteConfigBackend`` for Firebase's REST API.
///
/// Override it with ``RemoteConfigLibrary/backend(_:)``. Implementations are thread-safe.
public protocol RemoteConfigBackend: AnyObject, Sendable {
    /// The config evaluated for the client described by `request`.
    ///
    /// - Throws: ``RemoteConfigBackendError``.
    func fetch(_ request: RemoteConfigFetchRequest) async throws(RemoteConfigBackendError) -> RemoteConfigFetchResponse

    /// Calls `listener` with each template version published after `request.lastKnownVersion` (at least the
    /// newest one; versions may be skipped), or with an error when the connection fails (no call follows an
    /// error), until the registration is removed. Calls come from any thread, never under a lock.
    func listenForTemplateVersions(
        _ request: RemoteConfigRealtimeRequest,
        _ listener: @escaping @Sendable (Result<Int, RemoteConfigBackendError>) -> Void
    ) -> any ListenerRegistration
}
