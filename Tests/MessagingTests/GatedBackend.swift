// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

@testable import FlintMessaging

/// The embedded backend, with registrations held at a gate until the test opens it.
final class GatedBackend: MessagingBackend {
    let inner = LocalMessagingBackend()
    let gate = Gate()

    func register(_ request: MessagingRegistrationRequest) async throws -> String {
        await gate.wait()
        return try await inner.register(request)
    }

    func deleteRegistration(token: String, request: MessagingRegistrationRequest) async throws {
        try await inner.deleteRegistration(token: token, request: request)
    }

    func subscribe(token: String, toTopic topic: String, request: MessagingRegistrationRequest) async throws {
        try await inner.subscribe(token: token, toTopic: topic, request: request)
    }

    func unsubscribe(token: String, fromTopic topic: String, request: MessagingRegistrationRequest) async throws {
        try await inner.unsubscribe(token: token, fromTopic: topic, request: request)
    }

    func addReceiver(token: String, _ receive: @escaping @Sendable (MessagingRemoteMessage) -> Void)
        -> any ListenerRegistration
    {
        inner.addReceiver(token: token, receive)
    }
}
