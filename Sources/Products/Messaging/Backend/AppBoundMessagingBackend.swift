// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport

/// A ``Messaging`` instance's backend as its requests reach it: every call runs in the instance's
/// `InFlightOperations`, so that deleting the app ends the calls in flight at once (they fail with `unknown`, "The
/// app was deleted.") and cancels them, HTTP requests included.
struct AppBoundMessagingBackend: MessagingBackend {
    /// The backend the calls go to.
    let base: any MessagingBackend
    /// The instance's operations, closed when its app is deleted.
    let operations: InFlightOperations

    /// `operation`, ended when the app is deleted (or the calling task cancelled).
    private func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await OperationRace.run(
            in: operations,
            endedBy: { ending -> any Error in ending == .closed ? Messaging.appDeletedError : CancellationError() },
            operation)
    }

    /// Registers; a token the backend issues once the app was deleted (a backend that finished the request
    /// anyway) is deleted again, as ``Messaging`` does with a token fetched while it was deleted.
    func register(_ request: MessagingRegistrationRequest) async throws -> String {
        try await run { [base, operations] in
            let token = try await base.register(request)
            if operations.isClosed { try? await base.deleteRegistration(token: token, request: request) }
            return token
        }
    }

    /// Registers the installation ID, unregistering it again when the app was deleted meanwhile.
    func registerInstallation(_ request: MessagingRegistrationRequest) async throws -> String {
        try await run { [base, operations] in
            let installationID = try await base.registerInstallation(request)
            if operations.isClosed {
                try? await base.deleteInstallationRegistration(installationID: installationID, request: request)
            }
            return installationID
        }
    }

    func deleteInstallationRegistration(installationID: String, request: MessagingRegistrationRequest) async throws {
        try await run { [base] in
            try await base.deleteInstallationRegistration(installationID: installationID, request: request)
        }
    }

    func deleteRegistration(token: String, request: MessagingRegistrationRequest) async throws {
        try await run { [base] in try await base.deleteRegistration(token: token, request: request) }
    }

    func subscribe(token: String, toTopic topic: String, request: MessagingRegistrationRequest) async throws {
        try await run { [base] in try await base.subscribe(token: token, toTopic: topic, request: request) }
    }

    func unsubscribe(token: String, fromTopic topic: String, request: MessagingRegistrationRequest) async throws {
        try await run { [base] in try await base.unsubscribe(token: token, fromTopic: topic, request: request) }
    }

    func addReceiver(token: String, _ receive: @escaping @Sendable (MessagingRemoteMessage) -> Void)
        -> any ListenerRegistration
    {
        base.addReceiver(token: token, receive)
    }
}
