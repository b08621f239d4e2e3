import FlintCore
import Foundation

extension RemoteConfig {
    /// Fetches the config unless the last successful fetch is younger than
    /// ``RemoteConfigSettings/minimumFetchInterval``; the result waits for ``activate()``.
    ///
    /// - Returns: ``RemoteConfigFetchStatus/success`` (fetched, or recent enough).
    /// - Throws: ``RemoteConfigErrorCode/throttled`` during the backoff that follows server errors;
    ///   ``RemoteConfigErrorCode/internalError`` when the backend fails or cannot be reached, the installation is
    ///   unavailable, or the result cannot be saved (then it is not kept).
    public func fetch() async throws(RemoteConfigError) -> RemoteConfigFetchStatus {
        _ = try await performFetch(expirationDuration: configSettings.minimumFetchInterval)
        return .success
    }

    /// ``fetch()`` with `expirationDuration` (seconds) instead of the minimum fetch interval: 0 always fetches.
    ///
    /// - Throws: the errors of ``fetch()``.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval) async throws(RemoteConfigError) -> RemoteConfigFetchStatus {
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

    /// ``fetchAndActivate()`` reporting through `completionHandler`: the status, or ``RemoteConfigFetchAndActivateStatus/error``
    /// and the error. The handler runs on a task of its own.
    public func fetchAndActivate(completionHandler: @escaping @Sendable (RemoteConfigFetchAndActivateStatus, (any Error)?) -> Void) {
        Task {
            do {
                completionHandler(try await fetchAndActivate(), nil)
            } catch {
                completionHandler(.error, error)
            }
        }
    }

    /// One fetch. `expirationDuration` nil always fetches (real-time updates).
    ///
    /// - Returns: whether a request was made (false: the last fetch was recent enough).
    func performFetch(expirationDuration: TimeInterval?) async throws(RemoteConfigError) -> Bool {
        let now = environment.now()
        let plan = try withState { state throws(RemoteConfigError) -> (needed: Bool, lastKnownVersion: Int?, timeout: Double) in
            if let error = state.loadError {
                state.loadError = nil
                throw error
            }
            if let end = state.stored.throttleEndTime, end > now {
                state.stored.lastFetchStatus = RemoteConfigFetchStatus.throttled.rawValue
                throw RemoteConfigError(.throttled, message: "Fetch throttled after server errors; retry after \(end).", throttleEndTime: end)
            }
            if let expirationDuration, let last = state.stored.lastSuccessfulFetchTime,
               now.timeIntervalSince(last) < expirationDuration {
                return (false, nil, 0)
            }
            let version = state.stored.fetchedTemplateVersion
            return (true, version > 0 ? version : nil, state.settings.fetchTimeout)
        }
        guard plan.needed else { return false }

        let request: RemoteConfigFetchRequest
        do {
            let fid = try await installations.installationID()
            let token = try await installations.authToken(forcingRefresh: false).authToken
            request = RemoteConfigFetchRequest(appID: appID, appVersion: environment.appVersion, installationID: fid,
                                               installationAuthToken: token, userProperties: analytics?.userProperties ?? [:],
                                               lastKnownVersion: plan.lastKnownVersion, timeout: plan.timeout)
        } catch {
            recordFailure(at: now, backingOff: false)
            throw RemoteConfigError(.internalError, message: "The installation ID or token is unavailable: \(error)")
        }

        let response: RemoteConfigFetchResponse
        do {
            response = try await backend.fetch(request)
        } catch {
            switch error {
            case .unavailable(let reason):
                recordFailure(at: now, backingOff: true)
                throw RemoteConfigError(.internalError, message: "The Remote Config server is unavailable (\(reason)); fetches back off.")
            case .unreachable(let reason):
                recordFailure(at: now, backingOff: false)
                throw RemoteConfigError(.internalError, message: "The Remote Config server could not be reached: \(reason)")
            case .invalidResponse(let reason):
                recordFailure(at: now, backingOff: false)
                throw RemoteConfigError(.internalError, message: "The Remote Config server failed the fetch: \(reason)")
            case .featureDisabled:
                recordFailure(at: now, backingOff: false)
                throw RemoteConfigError(.internalError, message: "The Remote Config server refused the fetch: the feature is disabled.")
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
        return true
    }

    /// Records a failed fetch and, for server errors, extends the backoff (2 minutes, doubling up to 4 hours).
    private func recordFailure(at now: Date, backingOff: Bool) {
        withState { state in
            var stored = state.stored
            stored.lastFetchStatus = RemoteConfigFetchStatus.failure.rawValue
            stored.lastFetchTime = now
            if backingOff {
                let interval = stored.backoffInterval == 0
                    ? Self.minimumBackoffInterval
                    : min(stored.backoffInterval * 2, Self.maximumBackoffInterval)
                stored.backoffInterval = interval
                stored.throttleEndTime = now.addingTimeInterval(interval)
            }
            // Bookkeeping only: when it cannot be saved, it still applies for this run.
            if (try? commit(stored, in: &state)) == nil { state.stored = stored }
        }
    }
}
