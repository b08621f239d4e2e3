// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The FCM registration token: its fetch (shared by concurrent callers), its deletion, its replacement when the
/// installation ID changes, the connection to its messages, and the announcement of every change.
extension Messaging {
    /// The current FCM registration token, or nil before one was issued, after ``deleteToken()``, or after the
    /// installation ID changed until the next one arrives. Never fetches (``token()`` does).
    ///
    /// With ``isInstallationIdEnabled`` on it is always nil, as in Firebase.
    public var fcmToken: String? { state.withLock { $0.token } }

    /// The FCM registration token: the cached one, or a new one from the backend (concurrent calls share one
    /// request). Works whether or not auto-init is on.
    ///
    /// - Throws: ``MessagingError`` `noAccess` when the app has no `InstallationsInterop` or it fails;
    ///   the backend's errors (`network`, `timeout`, `authentication`, …); `operationInProgress` when the token
    ///   kept being deleted or invalidated while it was fetched; `unknown` after the app was deleted;
    ///   `invalidRequest` with ``isInstallationIdEnabled`` on.
    public func token() async throws(MessagingError) -> String {
        try refuseTokenOperationsInInstallationIDMode()
        for _ in 0..<Self.maximumAttempts {
            let next = state.withLock { state -> TokenStep in
                if state.isDeleted { return .deleted }
                if let token = state.token { return .done(token) }
                if let fetch = state.fetch, fetch.generation == state.generation { return .wait(fetch.task) }
                let generation = state.generation
                let task = Task { try await self.fetchToken(generation: generation) }
                state.fetch = (generation, task)
                return .wait(task)
            }
            switch next {
            case .deleted:
                throw Self.appDeletedError
            case .done(let token):
                return token
            case .wait(let task):
                let result = await task.result
                state.withLock { state in
                    if state.fetch?.task == task { state.fetch = nil }
                }
                switch result {
                case .success(let token):
                    return token
                case .failure(let error as MessagingError):
                    throw error
                case .failure(let error) where error is Superseded:
                    continue
                case .failure(let error):
                    throw Self.messagingError(error)
                }
            }
        }
        throw MessagingError(
            .operationInProgress,
            message: "The token was deleted or invalidated while it was being fetched, \(Self.maximumAttempts) times.")
    }

    /// Deletes the token at the backend (messages to it fail from now on) and forgets it: ``fcmToken`` is nil,
    /// the delegate is told nil (``tokenUpdates`` yields nothing), and the next ``token()`` gets a new one. A
    /// fetch in flight is discarded. Topic subscriptions belonged to the old token.
    ///
    /// - Throws: the backend's ``MessagingError``s (the token is forgotten locally anyway); `unknown` after
    ///   the app was deleted; `invalidRequest` with ``isInstallationIdEnabled`` on.
    public func deleteToken() async throws(MessagingError) {
        try refuseTokenOperationsInInstallationIDMode()
        let taken = state.withLock {
            state -> (String?, MessagingRegistrationRequest?, (any ListenerRegistration)?, MessagingError?)? in
            guard !state.isDeleted else { return nil }
            state.generation += 1
            state.fetch = nil
            let taken = (state.token, state.request, state.receiver)
            guard taken.0 != nil else { return (nil, nil, nil, nil) }
            state.token = nil
            state.request = nil
            state.receiver = nil
            do throws(MessagingError) {
                try save(&state)
                return (taken.0, taken.1, taken.2, nil)
            } catch {
                return (taken.0, taken.1, taken.2, error)
            }
        }
        guard let (token, request, receiver, saveError) = taken else { throw Self.appDeletedError }
        receiver?.remove()
        guard let token, let request else { return }
        announce(nil)
        do {
            try await backend.deleteRegistration(token: token, request: await withAuthToken(request))
        } catch {
            throw Self.messagingError(error)
        }
        if let saveError { throw saveError }
    }

    /// Throws what Firebase answers a token operation with ``isInstallationIdEnabled`` on.
    func refuseTokenOperationsInInstallationIDMode() throws(MessagingError) {
        guard installationIdEnabled else { return }
        throw MessagingError(
            .invalidRequest,
            message: "FirebaseMessagingInstallationIdEnabled is set to YES, so FCM token operations are not supported.")
    }

    /// What ``token()`` does next.
    private enum TokenStep {
        case deleted
        case done(String)
        case wait(Task<String, any Error>)
    }

    /// `request` with an installation auth token, fetched when it has none (a restored token's request).
    func withAuthToken(_ request: MessagingRegistrationRequest) async -> MessagingRegistrationRequest {
        guard request.installationAuthToken.isEmpty, let installations,
            let token = try? await installations.authToken(forcingRefresh: false)
        else { return request }
        var request = request
        request.installationAuthToken = token.authToken
        return request
    }

    /// Asks Installations and the backend for a token; keeps it (and connects to its messages) unless the
    /// generation changed meanwhile, in which case it is deleted again and ``Superseded`` is thrown.
    private func fetchToken(generation: Int) async throws -> String {
        let (token, request) = try await register(senderID: options.gcmSenderID)
        let kept = state.withLock { state -> Result<Bool, MessagingError> in
            guard !state.isDeleted, state.generation == generation else { return .success(false) }
            let previous = (state.token, state.request, state.tokenFetchedAt)
            state.token = token
            state.request = request
            state.tokenFetchedAt = Date()
            do throws(MessagingError) {
                try save(&state)
            } catch {
                (state.token, state.request, state.tokenFetchedAt) = previous
                return .failure(error)
            }
            return .success(true)
        }
        switch kept {
        case .success(true):
            break
        case .success(false):
            try? await backend.deleteRegistration(token: token, request: request)
            throw Superseded()
        case .failure(let error):
            // Not kept, so not left registered: the caller hears why.
            try? await backend.deleteRegistration(token: token, request: request)
            throw error
        }
        connectReceiver(for: token)
        announce(token)
        return token
    }

    /// Asks Installations for the installation ID and auth token, then the backend for a token for `senderID`.
    func register(senderID: String) async throws -> (String, MessagingRegistrationRequest) {
        let request = try await registrationRequest(senderID: senderID)
        return (try await backend.register(request), request)
    }

    /// The request for a registration for `senderID`: the installation ID and auth token from Installations, the
    /// APNs token set, the app's options.
    func registrationRequest(senderID: String) async throws(MessagingError) -> MessagingRegistrationRequest {
        guard let installations else {
            throw MessagingError(
                .noAccess,
                message:
                    "The app has no InstallationsInterop: register an Installations library (or, in tests, FakeInstallations) to get a token."
            )
        }
        let request: MessagingRegistrationRequest
        do {
            let installationID = try await installations.installationID()
            let authToken = try await installations.authToken(forcingRefresh: false).authToken
            let apns = apns.withLock { $0 }
            request = MessagingRegistrationRequest(
                senderID: senderID, appID: options.googleAppID,
                projectID: options.projectID, apiKey: options.apiKey,
                installationID: installationID, installationAuthToken: authToken,
                apnsToken: apns?.token, apnsTokenType: apns?.type ?? .unknown, bundleID: options.bundleID)
        } catch {
            throw MessagingError(
                .noAccess, message: "Installations could not give an installation ID and auth token: \(error)")
        }
        return request
    }

    /// Connects to the messages sent to `token`, replacing the previous connection, unless the token changed
    /// meanwhile.
    func connectReceiver(for token: String) {
        let registration = backend.addReceiver(token: token) { [weak self] message in
            self?.messageListeners.send(message)
        }
        let stale = state.withLock { state -> (any ListenerRegistration)? in
            guard state.token == token, !state.isDeleted else { return registration }
            defer { state.receiver = registration }
            return state.receiver
        }
        stale?.remove()
    }

    /// Forgets the token when the installation ID changed, deletes it at the backend, and fetches a new one with
    /// auto-init on (else tells everyone the token is gone).
    func installationIDDidChange(to installationID: String) {
        if installationIdEnabled { return reregister(for: installationID) }
        let stale = senderTokens.invalidateAll()
        if !stale.isEmpty {
            let backend = backend
            Task {
                for (token, request) in stale { try? await backend.deleteRegistration(token: token, request: request) }
            }
        }
        let taken = state.withLock {
            state -> (String?, MessagingRegistrationRequest?, (any ListenerRegistration)?, Bool)? in
            guard !state.isDeleted, state.token != nil || state.fetch != nil,
                state.request?.installationID != installationID || state.fetch != nil
            else { return nil }
            state.generation += 1
            state.fetch = nil
            let taken = (state.token, state.request, state.receiver, autoInit(in: state))
            state.token = nil
            state.request = nil
            state.receiver = nil
            try? save(&state)  // a failure is in persistenceError
            return taken
        }
        guard let (token, request, receiver, autoInit) = taken else { return }
        receiver?.remove()
        if !autoInit { announce(nil) }
        if let token, let request {
            refresh(deleting: (token, request), fetch: autoInit)
        } else if autoInit {
            refresh(deleting: nil)
        }
    }

    /// Starts (replacing any) the background work: delete `old` at the backend, then fetch a token.
    func refresh(deleting old: (String, MessagingRegistrationRequest)?, fetch: Bool = true) {
        let task = Task { [weak self] in
            if let (token, request) = old {
                if let self {
                    try? await backend.deleteRegistration(token: token, request: await withAuthToken(request))
                }
            }
            if fetch, !Task.isCancelled { _ = try? await self?.token() }
        }
        let previous = state.withLock { state -> Task<Void, Never>? in
            guard !state.isDeleted else { return task }
            defer { state.refresh = task }
            return nil
        }
        previous?.cancel()
    }

    /// Tells the delegate (with ``isInstallationIdEnabled`` off) and the token listeners about `token` if it differs from the last one told; one
    /// thread at a time delivers, in the order of the calls.
    func announce(_ token: String?) {
        let deliver = state.withLock { state in
            state.pendingAnnouncements.append(token)
            guard !state.isAnnouncing else { return false }
            state.isAnnouncing = true
            return true
        }
        guard deliver else { return }
        while true {
            let next = state.withLock { state -> String?? in
                while !state.pendingAnnouncements.isEmpty {
                    let value = state.pendingAnnouncements.removeFirst()
                    if value != state.announced, !state.isDeleted {
                        state.announced = value
                        return .some(value)
                    }
                }
                state.isAnnouncing = false
                return .none
            }
            guard case .some(let value) = next else { return }
            // With installation IDs the delegate is told by register() and unregister() themselves, as in Firebase.
            if !installationIdEnabled {
                delegate?.messaging(self, didReceiveRegistrationToken: value)
                post(.MessagingRegistrationTokenRefreshed, object: value)
            }
            tokenListeners.send(value)
        }
    }

}
