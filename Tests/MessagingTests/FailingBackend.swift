// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

@testable import FlintMessaging

/// A backend whose every call throws `error`.
final class FailingBackend: MessagingBackend {
    private let state: Locked<any Error>

    init(error: any Error) {
        state = Locked(error)
    }

    var error: any Error {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    func register(_ request: MessagingRegistrationRequest) async throws -> String { throw error }
    func deleteRegistration(token: String, request: MessagingRegistrationRequest) async throws { throw error }
    func subscribe(token: String, toTopic topic: String, request: MessagingRegistrationRequest) async throws {
        throw error
    }
    func unsubscribe(token: String, fromTopic topic: String, request: MessagingRegistrationRequest) async throws {
        throw error
    }
    func addReceiver(token: String, _ receive: @escaping @Sendable (MessagingRemoteMessage) -> Void)
        -> any ListenerRegistration
    {
        ClosureListenerRegistration {}
    }
}
