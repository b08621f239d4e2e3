// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Where a ``Messaging`` instance's requests go: an app component (``MessagingLibrary`` registers a
/// ``LocalMessagingBackend``; override it with a shared one so that apps can message each other, or with an
/// ``HTTPMessagingBackend``).
///
/// Every method throws ``MessagingError``.
public protocol MessagingBackend: Sendable {
    /// Registers the app instance described by `request` and returns its new FCM registration token.
    func register(_ request: MessagingRegistrationRequest) async throws -> String
    /// Deletes the registration of `token` (messages to it fail from now on).
    func deleteRegistration(token: String, request: MessagingRegistrationRequest) async throws
    /// Subscribes the app instance of `token` to `topic` (a bare name, already checked).
    func subscribe(token: String, toTopic topic: String, request: MessagingRegistrationRequest) async throws
    /// Unsubscribes the app instance of `token` from `topic` (a bare name, already checked).
    func unsubscribe(token: String, fromTopic topic: String, request: MessagingRegistrationRequest) async throws
    /// Delivers the messages sent to `token` to `receive` until the registration is removed: the app
    /// instance's connection. A backend that cannot push (HTTP to FCM) returns a registration that delivers nothing.
    func addReceiver(token: String, _ receive: @escaping @Sendable (MessagingRemoteMessage) -> Void)
        -> any ListenerRegistration
    /// Registers the app instance under its installation ID (`request.installationID`, with the APNs token
    /// `request.apnsToken`) and returns the installation ID the backend registered: Firebase 12's
    /// `FirebaseMessagingInstallationIdEnabled` flow (``Messaging/register()``). Messages and topic operations then
    /// use the installation ID where they use a token otherwise.
    func registerInstallation(_ request: MessagingRegistrationRequest) async throws -> String
    /// Deletes the registration of `installationID` (``Messaging/unregister()``).
    func deleteInstallationRegistration(installationID: String, request: MessagingRegistrationRequest) async throws
}

extension MessagingBackend {
    /// Refuses: a backend written before installation ID registrations has none.
    public func registerInstallation(_ request: MessagingRegistrationRequest) async throws -> String {
        throw MessagingError(.invalidRequest, message: "This messaging backend has no installation ID registrations.")
    }

    /// Refuses: a backend written before installation ID registrations has none.
    public func deleteInstallationRegistration(installationID: String, request: MessagingRegistrationRequest)
        async throws
    {
        throw MessagingError(.invalidRequest, message: "This messaging backend has no installation ID registrations.")
    }
}
