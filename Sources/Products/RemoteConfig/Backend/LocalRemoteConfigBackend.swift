// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// The embedded Remote Config backend: a template evaluated per client, versions that count publications,
/// and real-time listeners told of each new version.
///
/// ```swift
/// let backend = LocalRemoteConfigBackend()
/// backend.publish(RemoteConfigTemplate(values: ["color": "blue"]))    // version 1; listeners hear of it
/// ```
///
/// Share one object between apps (``RemoteConfigLibrary/backend(_:)``) to model one project.
/// ``failFetches(with:)`` makes fetches fail, to exercise backoff.
public final class LocalRemoteConfigBackend: RemoteConfigBackend {
    private struct State {
        var template: RemoteConfigTemplate?
        var version = 0
        var fetchError: RemoteConfigBackendError?
        var requests: [RemoteConfigFetchRequest] = []
    }

    private let state = Locked(State())
    private let versions = FinishingBroadcaster<Int>()

    /// A backend with no template.
    public init() {}

    /// A backend whose first template (version 1) is `template`.
    ///
    /// - Throws: ``RemoteConfigTemplateError`` when `template` is invalid (``RemoteConfigTemplate/validate()``).
    public convenience init(template: RemoteConfigTemplate) throws(RemoteConfigTemplateError) {
        self.init()
        try publish(template)
    }

    /// Makes `template` the current one under the next version and tells real-time listeners; returns the version.
    ///
    /// - Throws: ``RemoteConfigTemplateError`` when `template` is invalid (``RemoteConfigTemplate/validate()``);
    ///   the current template and version are unchanged then.
    @discardableResult
    public func publish(_ template: RemoteConfigTemplate) throws(RemoteConfigTemplateError) -> Int {
        try template.validate()
        let version = state.withLock { state in
            state.template = template
            state.version += 1
            return state.version
        }
        versions.send(version)
        return version
    }

    /// The current template version (0 before the first publication).
    public var templateVersion: Int { state.withLock { $0.version } }

    /// Makes every fetch fail with `error` until called with nil.
    public func failFetches(with error: RemoteConfigBackendError?) {
        state.withLock { $0.fetchError = error }
    }

    /// The fetch requests received, in order.
    public var fetchRequests: [RemoteConfigFetchRequest] { state.withLock { $0.requests } }

    /// The number of real-time listeners.
    public var realtimeListenerCount: Int { versions.listenerCount }

    /// Evaluates the template for `request`.
    public func fetch(_ request: RemoteConfigFetchRequest) async throws(RemoteConfigBackendError)
        -> RemoteConfigFetchResponse
    {
        let (template, version, error) = state.withLock { state in
            state.requests.append(request)
            return (state.template, state.version, state.fetchError)
        }
        if let error { throw error }
        guard let template else { return RemoteConfigFetchResponse(state: .noTemplate, templateVersion: 0) }
        if request.lastKnownVersion == version {
            return RemoteConfigFetchResponse(state: .noChange, templateVersion: version)
        }
        return RemoteConfigFetchResponse(
            state: .update, entries: template.evaluate(for: request), templateVersion: version)
    }

    /// Tells `listener` of the current version at once when it is newer than `request.lastKnownVersion`, then of
    /// every publication.
    public func listenForTemplateVersions(
        _ request: RemoteConfigRealtimeRequest,
        _ listener: @escaping @Sendable (Result<Int, RemoteConfigBackendError>) -> Void
    ) -> any ListenerRegistration {
        let registration = versions.addListener { listener(.success($0)) }
        let current = templateVersion
        if current > request.lastKnownVersion { listener(.success(current)) }
        return registration
    }
}
