// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

extension RemoteConfig {
    /// Listens for real-time updates (Firebase's `addOnConfigUpdateListener(remoteConfigUpdateCompletion:)`, also
    /// called with a trailing closure): when the backend publishes a template version newer than the fetched
    /// one, the new config is fetched (whatever the minimum fetch interval) and `listener` gets the keys that
    /// differ between it and the active config, only when there are any; call ``activate()`` to use them. On a
    /// failure `listener` gets a ``RemoteConfigUpdateError`` and nil.
    ///
    /// The real-time connection is open while at least one listener (or ``updates`` stream) is registered.
    /// Calls come from any thread, never under a lock.
    @discardableResult
    public func addOnConfigUpdateListener(
        remoteConfigUpdateCompletion listener: @escaping @Sendable (RemoteConfigUpdate?, (any Error)?) -> Void
    ) -> ConfigUpdateListenerRegistration {
        addUpdateListener(onFinish: {}) { result in
            switch result {
            case .success(let update): listener(update, nil)
            case .failure(let error): listener(nil, error)
            }
        }
    }

    /// ``addOnConfigUpdateListener(remoteConfigUpdateCompletion:)`` without the argument label. Disfavoured, so
    /// that a trailing closure picks the SDK's form.
    @_disfavoredOverload @discardableResult
    public func addOnConfigUpdateListener(
        _ listener: @escaping @Sendable (RemoteConfigUpdate?, (any Error)?) -> Void
    ) -> ConfigUpdateListenerRegistration {
        addOnConfigUpdateListener(remoteConfigUpdateCompletion: listener)
    }

    /// Registers `listener` (and `onFinish`, called when the app is deleted) and opens the connection if needed.
    func addUpdateListener(
        onFinish: @escaping @Sendable () -> Void,
        _ listener: @escaping @Sendable (Result<RemoteConfigUpdate, any Error>) -> Void
    ) -> any ListenerRegistration {
        let registration = updateListeners.addListener(onFinish: onFinish, listener)
        listenersChanged()
        return ClosureListenerRegistration { [weak self] in
            registration.remove()
            self?.listenersChanged()
        }
    }

    /// The number of update listeners (streams included).
    var updateListenerCount: Int { updateListeners.listenerCount }

    /// Opens the connection when there are listeners, closes it when there are none.
    private func listenersChanged() {
        if updateListeners.listenerCount > 0, !updateListeners.isFinished {
            startRealtime()
        } else {
            stopRealtime()
        }
    }

    /// Opens the connection unless it is open or opening.
    private func startRealtime() {
        let id: Int? = realtime.withLock { realtime in
            guard case .idle = realtime.connection else { return nil }
            let id = realtime.nextConnectionID
            realtime.nextConnectionID += 1
            realtime.connection = .connecting(id: id)
            return id
        }
        guard let id else { return }
        Task { await connect(id: id) }
    }

    /// Gets the credentials and subscribes; the subscription is dropped if the connection was closed meanwhile.
    private func connect(id: Int) async {
        let request: RemoteConfigRealtimeRequest
        do {
            let fid = try await installations.installationID()
            let token = try await installations.authToken(forcingRefresh: false).authToken
            let version = withState { $0.stored.fetchedTemplateVersion }
            request = RemoteConfigRealtimeRequest(
                appID: appID, installationID: fid, installationAuthToken: token,
                lastKnownVersion: version)
        } catch {
            connectionFailed(
                id: id,
                RemoteConfigUpdateError(.streamError, message: "The installation ID or token is unavailable: \(error)"),
                retryable: true)
            return
        }
        let registration = backend.listenForTemplateVersions(request) { [weak self] result in
            switch result {
            case .success(let version): self?.versionAnnounced(version)
            case .failure(let error):
                self?.connectionFailed(id: id, Self.updateError(from: error), retryable: Self.isRetryable(error))
            }
        }
        let keep = realtime.withLock { realtime in
            guard case .connecting(id) = realtime.connection else { return false }
            realtime.connection = .connected(id: id, registration: registration)
            return true
        }
        if !keep { registration.remove() }
    }

    /// Closes the connection.
    func stopRealtime() {
        let registration = realtime.withLock { realtime -> (any ListenerRegistration)? in
            defer { realtime.connection = .idle }
            if case .connected(_, let registration) = realtime.connection { return registration }
            return nil
        }
        registration?.remove()
    }

    /// The connection `id` failed. A `retryable` failure reconnects after a backoff (1, 2, 4 … 60 seconds, through
    /// ``RemoteConfigEnvironment/sleep``) up to ``maximumRealtimeRetries`` times in a row; otherwise, or then, the
    /// connection is closed and the listeners get `error`.
    private func connectionFailed(id: Int, _ error: RemoteConfigUpdateError, retryable: Bool) {
        enum Next {
            case ignore
            case retry(id: Int, delay: Duration)
            case report
        }
        let (next, old) = realtime.withLock { realtime -> (Next, (any ListenerRegistration)?) in
            var old: (any ListenerRegistration)?
            switch realtime.connection {
            case .connecting(let current) where current == id: break
            case .connected(let current, let registration) where current == id: old = registration
            default: return (.ignore, nil)
            }
            if retryable, realtime.retries < Self.maximumRealtimeRetries {
                realtime.retries += 1
                let newID = realtime.nextConnectionID
                realtime.nextConnectionID += 1
                realtime.connection = .connecting(id: newID)
                return (.retry(id: newID, delay: .seconds(Swift.min(1 << (realtime.retries - 1), 60))), old)
            }
            realtime.retries = 0
            realtime.connection = .idle
            return (.report, old)
        }
        old?.remove()
        switch next {
        case .ignore:
            return
        case .retry(let newID, let delay):
            let sleep = environment.sleep
            Task {
                try? await sleep(delay)
                await connect(id: newID)
            }
        case .report:
            updateListeners.send(.failure(error))
        }
    }

    /// A template version was announced: fetch it unless it is not newer, or a fetch is already running (which
    /// then fetches again).
    private func versionAnnounced(_ version: Int) {
        let start = realtime.withLock { realtime -> Bool in
            realtime.retries = 0
            realtime.announcedVersion = Swift.max(realtime.announcedVersion, version)
            guard !realtime.fetching else { return false }
            realtime.fetching = true
            return true
        }
        guard start else { return }
        Task { await fetchAnnouncedVersions() }
    }

    /// Fetches until the fetched version reaches the newest announced one, telling listeners of changed keys.
    /// A fetch that returns an older version than the one announced (the server has not caught up) is
    /// repeated after 1, 2 … seconds, up to ``maximumRealtimeFetchAttempts`` fetches in all; then listeners get
    /// ``RemoteConfigUpdateErrorCode/notFetched``.
    private func fetchAnnouncedVersions() async {
        while true {
            let target = realtime.withLock { $0.announcedVersion }
            if target > withState({ $0.stored.fetchedTemplateVersion }) {
                if let failure = await fetchVersion(target) {
                    updateListeners.send(.failure(failure))
                } else {
                    let keys = withState { $0.stored.changedKeys }
                    if !keys.isEmpty { updateListeners.send(.success(RemoteConfigUpdate(updatedKeys: keys))) }
                }
            }
            let done = realtime.withLock { realtime -> Bool in
                guard realtime.announcedVersion == target else { return false }
                realtime.fetching = false
                return true
            }
            if done { return }
        }
    }

    /// Whether a connection failing with `error` is opened again: network failures and server errors are,
    /// invalid messages and a disabled feature are not.
    static func isRetryable(_ error: RemoteConfigBackendError) -> Bool {
        switch error {
        case .unreachable, .unavailable: true
        case .invalidResponse, .featureDisabled: false
        }
    }

    /// Fetches until the fetched version reaches `target`; the error for listeners when it does not.
    private func fetchVersion(_ target: Int) async -> RemoteConfigUpdateError? {
        for attempt in 1...Self.maximumRealtimeFetchAttempts {
            do {
                _ = try await performFetch(expirationDuration: nil, joiningRunning: false)
            } catch {
                return RemoteConfigUpdateError(.notFetched, message: "The new template could not be fetched: \(error)")
            }
            if withState({ $0.stored.fetchedTemplateVersion }) >= target { return nil }
            if attempt < Self.maximumRealtimeFetchAttempts { try? await environment.sleep(.seconds(attempt)) }
        }
        return RemoteConfigUpdateError(
            .notFetched,
            message:
                "The backend still served an older template than version \(target) after \(Self.maximumRealtimeFetchAttempts) fetches."
        )
    }

    /// A backend error as the error listeners get.
    static func updateError(from error: RemoteConfigBackendError) -> RemoteConfigUpdateError {
        switch error {
        case .unavailable(let reason): RemoteConfigUpdateError(.unavailable, message: reason)
        case .unreachable(let reason): RemoteConfigUpdateError(.streamError, message: reason)
        case .invalidResponse(let reason): RemoteConfigUpdateError(.messageInvalid, message: reason)
        case .featureDisabled:
            RemoteConfigUpdateError(.unavailable, message: "Real-time updates are disabled for this project.")
        }
    }
}
