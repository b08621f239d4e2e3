// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The state of Firebase 12's installation ID registration (``Messaging/register()``), under its own lock.
struct InstallationRegistration {
    /// The installation ID registered, and the request it was registered with.
    var registered: (installationID: String, request: MessagingRegistrationRequest)?
    /// The connection to the messages sent to the registered installation ID.
    var receiver: (any ListenerRegistration)?
    /// A registration in flight, shared by concurrent ``Messaging/register()`` calls.
    var fetch: Task<String, any Error>?
    /// Bumped by every unregistration: a registration of an older generation is not kept.
    var generation = 0
    /// Set when the app is deleted.
    var isClosed = false
}

/// Firebase 12's installation ID flow (`FirebaseMessagingInstallationIdEnabled`): the app instance registers with
/// FCM under its installation ID, with its APNs token, instead of getting an FCM registration token.
extension Messaging {
    /// Registers this app instance with FCM under its installation ID (Firebase's `register()`), sending the APNs
    /// token set with ``setAPNSToken(_:type:)``; concurrent calls share one request. Then, as in Firebase, the
    /// delegate's `messaging(_:didReceiveRegistration:)` is told the installation ID, also when it was registered
    /// already (and the token listeners and ``tokenUpdates`` get it when it changed). Messages sent to it
    /// (``MessagingTarget/installationID(_:)``) arrive in ``foregroundMessages``, and topic operations use it.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` when ``isInstallationIdEnabled`` is off ("…is not set to YES,
    ///   so FID operations are not supported.") or no APNs token was set ("APNS token missing in options.");
    ///   `noAccess` without Installations; the backend's errors; `unknown` after the app was deleted.
    public func register() async throws(MessagingError) {
        _ = try await registeredInstallationID()
    }

    /// Unregisters this app instance's installation ID from FCM (Firebase's `unregister()`): no message reaches it
    /// until it registers again. The delegate's `messaging(_:didUnregister:)` is told the installation ID, the
    /// token listeners nil (``tokenUpdates`` yields nothing). A registration in flight is discarded.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` when ``isInstallationIdEnabled`` is off, or when the backend
    ///   has no registration for it; `noAccess` without Installations; the backend's errors; `unknown` after the
    ///   app was deleted.
    public func unregister() async throws(MessagingError) {
        try refuseInstallationIDOperationsInTokenMode()
        let taken = installationRegistration.withLock {
            registration -> (MessagingRegistrationRequest?, (any ListenerRegistration)?)? in
            guard !registration.isClosed else { return nil }
            registration.generation += 1
            registration.fetch = nil
            defer {
                registration.registered = nil
                registration.receiver = nil
            }
            return (registration.registered?.request, registration.receiver)
        }
        guard let (stored, receiver) = taken else { throw Self.appDeletedError }
        receiver?.remove()
        var request: MessagingRegistrationRequest
        if let stored {
            request = await withAuthToken(stored)
            if let current = try? await installations?.installationID() { request.installationID = current }
        } else {
            request = try await registrationRequest(senderID: options.gcmSenderID)
        }
        do {
            try await backend.deleteInstallationRegistration(installationID: request.installationID, request: request)
        } catch {
            throw Self.messagingError(error)
        }
        delegate?.messaging(self, didUnregister: request.installationID)
        post(.MessagingInstallationIdUnregistered, object: request.installationID)
        announce(nil)
    }

    /// The registered installation ID: the cached one (told to the delegate again), or a new registration.
    func registeredInstallationID() async throws(MessagingError) -> String {
        try refuseInstallationIDOperationsInTokenMode()
        for _ in 0..<Self.maximumAttempts {
            let next = installationRegistration.withLock {
                registration -> Result<Task<String, any Error>, MessagingError>? in
                if registration.isClosed { return .failure(Self.appDeletedError) }
                if let registered = registration.registered { return .success(Task { registered.installationID }) }
                if let fetch = registration.fetch { return .success(fetch) }
                let generation = registration.generation
                let task = Task { try await self.fetchRegistration(generation: generation) }
                registration.fetch = task
                return .success(task)
            }
            guard let next else { continue }
            let task = try next.get()
            let result = await task.result
            installationRegistration.withLock { registration in
                if registration.fetch == task { registration.fetch = nil }
            }
            switch result {
            case .success(let installationID):
                // Firebase tells the delegate after every register(), the listeners only of a change.
                delegate?.messaging(self, didReceiveRegistration: installationID)
                post(.MessagingRegistrationTokenRefreshed, object: installationID)
                announce(installationID)
                return installationID
            case .failure(let error) where error is Superseded:
                continue
            case .failure(let error):
                throw Self.messagingError(error)
            }
        }
        throw MessagingError(
            .operationInProgress,
            message: "The registration was cancelled while it was being made, \(Self.maximumAttempts) times.")
    }

    /// The registered installation ID and its request, for a topic operation.
    func installationTopicRegistration() async throws(MessagingError) -> (String, MessagingRegistrationRequest) {
        for _ in 0..<Self.maximumAttempts {
            let installationID = try await registeredInstallationID()
            if let request = installationRegistration.withLock({ registration in
                registration.registered.flatMap { $0.installationID == installationID ? $0.request : nil }
            }) {
                return (installationID, await withAuthToken(request))
            }
        }
        throw MessagingError(
            .operationInProgress, message: "The registration kept changing while a topic operation started.")
    }

    /// Registers at the backend and keeps the registration unless `generation` is stale (then ``Superseded``).
    private func fetchRegistration(generation: Int) async throws -> String {
        let request = try await registrationRequest(senderID: options.gcmSenderID)
        let installationID = try await backend.registerInstallation(request)
        let receiver = backend.addReceiver(token: installationID) { [weak self] message in
            self?.messageListeners.send(message)
        }
        let kept = installationRegistration.withLock { registration in
            guard !registration.isClosed, registration.generation == generation else { return false }
            registration.registered = (installationID, request)
            registration.receiver = receiver
            return true
        }
        guard kept else {
            receiver.remove()
            throw Superseded()
        }
        return installationID
    }

    /// After the installation ID changed: drops a registration of another installation ID and registers the new
    /// one, as Firebase registers again when the installation ID rotates.
    func reregister(for installationID: String) {
        let stale = installationRegistration.withLock { registration -> (any ListenerRegistration)?? in
            guard !registration.isClosed, let registered = registration.registered,
                registered.installationID != installationID
            else { return nil }
            registration.generation += 1
            registration.fetch = nil
            registration.registered = nil
            defer { registration.receiver = nil }
            return .some(registration.receiver)
        }
        guard let stale else { return }
        stale?.remove()
        Task { [weak self] in _ = try? await self?.registeredInstallationID() }
    }

    /// Throws what Firebase answers an installation ID operation with ``isInstallationIdEnabled`` off.
    func refuseInstallationIDOperationsInTokenMode() throws(MessagingError) {
        guard !installationIdEnabled else { return }
        throw MessagingError(
            .invalidRequest,
            message: "FirebaseMessagingInstallationIdEnabled is not set to YES, so FID operations are not supported.")
    }
}
