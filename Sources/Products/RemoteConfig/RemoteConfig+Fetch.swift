// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

extension RemoteConfig {
    /// Fetches the config unless the last successful fetch is younger than
    /// ``RemoteConfigSettings/minimumFetchInterval``; the result waits for ``activate()``.
    ///
    /// - Returns: ``RemoteConfigFetchStatus/success`` (fetched, or recent enough).
    /// - Throws: ``RemoteConfigErrorCode/throttled`` during the backoff that follows server errors (HTTP 429, 5xx),
    ///   and for such an error itself once a fetch has succeeded before (as Firebase);
    ///   ``RemoteConfigErrorCode/internalError`` when the backend fails or cannot be reached, the installation is
    ///   unavailable, or the result cannot be saved (then it is not kept).
    public func fetch() async throws(RemoteConfigError) -> RemoteConfigFetchStatus {
        _ = try await performFetch(expirationDuration: configSettings.minimumFetchInterval)
        return .success
    }

    /// ``fetch()`` with `expirationDuration` (seconds) instead of the minimum fetch interval: 0 always fetches.
    ///
    /// - Throws: the errors of ``fetch()``.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval) async throws(RemoteConfigError)
        -> RemoteConfigFetchStatus
    {
        _ = try await performFetch(expirationDuration: expirationDuration)
        return .success
    }

    /// Makes the last fetched config the active one.
    ///
    /// - Returns: false when there was nothing new to activate (no fetch since the last activation, or the
    ///   fetches since answered "no change").
    /// - Throws: ``RemoteConfigErrorCode/internalError`` when the activated config cannot be saved (then nothing
    ///   changes) or the saved config was unreadable (reported once).
    public func activate() async throws(RemoteConfigError) -> Bool {
        try withState { state throws(RemoteConfigError) -> Bool in
            if let error = state.loadError {
                state.loadError = nil
                throw error
            }
            guard state.stored.hasUnactivatedFetch else { return false }
            var stored = state.stored
            stored.active = stored.fetched
            stored.activeTemplateVersion = stored.fetchedTemplateVersion
            stored.hasUnactivatedFetch = false
            try commit(stored, in: &state)
            return true
        }
    }

    /// Fetches (as ``fetch()``) and activates.
    ///
    /// - Returns: ``RemoteConfigFetchAndActivateStatus/successFetchedFromRemote`` after a fetch,
    ///   ``RemoteConfigFetchAndActivateStatus/successUsingPreFetchedData`` when the last fetch was recent enough.
    /// - Throws: the errors of ``fetch()`` and ``activate()``.
    public func fetchAndActivate() async throws(RemoteConfigError) -> RemoteConfigFetchAndActivateStatus {
        let fetched = try await performFetch(expirationDuration: configSettings.minimumFetchInterval)
        _ = try await activate()
        return fetched ? .successFetchedFromRemote : .successUsingPreFetchedData
    }

    /// One fetch. `expirationDuration` nil always fetches (real-time updates). Concurrent fetches share one request
    /// (unless `joiningRunning` is false: a real-time fetch must see the version announced after it started).
    ///
    /// - Returns: whether a request was made (false: the last fetch was recent enough).
    func performFetch(expirationDuration: TimeInterval?, joiningRunning: Bool = true) async throws(RemoteConfigError)
        -> Bool
    {
        enum Step {
            case skip
            case wait(Task<Void, any Error>)
        }
        let now = environment.now()
        let step = try withState { state throws(RemoteConfigError) -> Step in
            if let error = state.loadError {
                state.loadError = nil
                throw error
            }
            if let end = state.stored.throttleEndTime, end > now {
                state.stored.lastFetchStatus = RemoteConfigFetchStatus.throttled.rawValue
                throw RemoteConfigError(
                    .throttled, message: "Fetch throttled after server errors; retry after \(end).",
                    throttleEndTime: end)
            }
            if let expirationDuration, let last = state.stored.lastSuccessfulFetchTime,
                now.timeIntervalSince(last) < expirationDuration
            {
                return .skip
            }
            if joiningRunning, let running = state.fetch {
                state.joinedFetchCount += 1
                return .wait(running.task)
            }
            let version = state.stored.fetchedTemplateVersion
            let id = state.nextFetchID
            state.nextFetchID += 1
            let lastKnownVersion = version > 0 ? version : nil
            let timeout = state.settings.fetchTimeout
            let task = Task { () throws -> Void in
                try await self.request(id: id, at: now, lastKnownVersion: lastKnownVersion, timeout: timeout)
            }
            if joiningRunning { state.fetch = (id, task) }
            return .wait(task)
        }
        switch step {
        case .skip:
            return false
        case .wait(let task):
            do {
                try await task.value
                return true
            } catch let error as RemoteConfigError {
                throw error
            } catch {
                throw RemoteConfigError(.unknown, message: String(describing: error))
            }
        }
    }

    /// The request of fetch `id` and its result saved; clears the running fetch when it is `id`.
    private func request(id: Int, at now: Date, lastKnownVersion: Int?, timeout: Double) async throws(RemoteConfigError)
    {
        defer { state.withLock { if $0.fetch?.id == id { $0.fetch = nil } } }
        let request: RemoteConfigFetchRequest
        do {
            let fid = try await installations.installationID()
            let token = try await installations.authToken(forcingRefresh: false).authToken
            request = RemoteConfigFetchRequest(
                appID: appID, appVersion: environment.appVersion, installationID: fid,
                installationAuthToken: token, userProperties: analytics?.userProperties ?? [:],
                lastKnownVersion: lastKnownVersion, timeout: timeout,
                languageCode: environment.locale.identifier(.bcp47), countryCode: environment.locale.region?.identifier,
                timeZone: environment.timeZone.identifier, platformVersion: RemoteConfigEnvironment.platformVersion,
                packageName: options.bundleID, customSignals: customSignals)
        } catch {
            recordFailure(at: now, backingOff: false)
            throw RemoteConfigError(.internalError, message: "The installation ID or token is unavailable: \(error)")
        }

        let response: RemoteConfigFetchResponse
        do {
            response = try await fetch(request, at: backend, within: timeout)
        } catch {
            switch error {
            case .unavailable(let reason):
                if let end = recordFailure(at: now, backingOff: true) {
                    throw RemoteConfigError(
                        .throttled,
                        message:
                            "The Remote Config server is unavailable (\(reason)); fetches are throttled until \(end).",
                        throttleEndTime: end)
                }
                throw RemoteConfigError(
                    .internalError, message: "The Remote Config server is unavailable (\(reason)); fetches back off.")
            case .unreachable(let reason):
                recordFailure(at: now, backingOff: false)
                throw RemoteConfigError(
                    .internalError, message: "The Remote Config server could not be reached: \(reason)")
            case .invalidResponse(let reason):
                recordFailure(at: now, backingOff: false)
                throw RemoteConfigError(.internalError, message: "The Remote Config server failed the fetch: \(reason)")
            case .featureDisabled:
                recordFailure(at: now, backingOff: false)
                throw RemoteConfigError(
                    .internalError, message: "The Remote Config server refused the fetch: the feature is disabled.")
            }
        }

        try withState { state throws(RemoteConfigError) in
            var stored = state.stored
            switch response.state {
            case .update:
                stored.fetched = response.entries
                stored.fetchedTemplateVersion = response.templateVersion
                stored.hasUnactivatedFetch = true
            case .noTemplate:
                stored.fetched = [:]
                stored.fetchedTemplateVersion = 0
                stored.hasUnactivatedFetch = true
            case .emptyConfig:
                stored.fetched = [:]
                stored.fetchedTemplateVersion = response.templateVersion
                stored.hasUnactivatedFetch = true
            case .noChange:
                break
            }
            stored.lastFetchStatus = RemoteConfigFetchStatus.success.rawValue
            stored.lastFetchTime = now
            stored.lastSuccessfulFetchTime = now
            stored.throttleEndTime = nil
            stored.backoffInterval = 0
            try commit(stored, in: &state)
        }
    }

    /// `backend.fetch(request)`, bounded as a whole by `timeout` (the fetch timeout, as in Firebase) and ended when
    /// the app is deleted: both fail it with ``RemoteConfigBackendError/unreachable(_:)``.
    private func fetch(_ request: RemoteConfigFetchRequest, at backend: any RemoteConfigBackend, within timeout: Double)
        async throws(RemoteConfigBackendError) -> RemoteConfigFetchResponse
    {
        try await OperationRace.run(
            deadline: timeout, in: operations,
            endedBy: { ending in
                switch ending {
                case .deadline: .unreachable("The fetch did not finish within its fetchTimeout of \(timeout) seconds.")
                case .cancelled: .unreachable("The fetch was cancelled.")
                case .closed: .unreachable("The app was deleted.")
                }
            }
        ) { () async throws(RemoteConfigBackendError) -> RemoteConfigFetchResponse in
            try await backend.fetch(request)
        }
    }

    /// How many fetches joined one already in flight.
    var joinedFetchCount: Int { state.withLock { $0.joinedFetchCount } }

    /// Records a failed fetch and, for server errors, extends the backoff (2 minutes, doubling up to 4 hours).
    ///
    /// - Returns: for a server error after a fetch that succeeded before, the end of the backoff: the fetch is then
    ///   reported as throttled (status ``RemoteConfigFetchStatus/throttled``), as Firebase does; otherwise nil (status
    ///   ``RemoteConfigFetchStatus/failure``).
    @discardableResult
    private func recordFailure(at now: Date, backingOff: Bool) -> Date? {
        withState { state -> Date? in
            var stored = state.stored
            stored.lastFetchStatus = RemoteConfigFetchStatus.failure.rawValue
            stored.lastFetchTime = now
            var throttleEnd: Date?
            if backingOff {
                let interval =
                    stored.backoffInterval == 0
                    ? Self.minimumBackoffInterval
                    : Swift.min(stored.backoffInterval * 2, Self.maximumBackoffInterval)
                stored.backoffInterval = interval
                stored.throttleEndTime = now.addingTimeInterval(interval)
                if stored.lastSuccessfulFetchTime != nil {
                    stored.lastFetchStatus = RemoteConfigFetchStatus.throttled.rawValue
                    throttleEnd = stored.throttleEndTime
                }
            }
            // Bookkeeping only: when it cannot be saved, it still applies for this run.
            if (try? commit(stored, in: &state)) == nil { state.stored = stored }
            return throttleEnd
        }
    }
}
