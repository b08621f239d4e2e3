// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("tokenUpdates and foregroundMessages")
struct StreamTests {
    @Test func tokenUpdatesYieldsNewTokensButNotDeletions() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let seen = Recorder<String>()
        let consumer = Task { for await token in messaging.tokenUpdates { seen.record(token) } }
        try await waitUntil { messaging.tokenListeners.listenerCount == 1 }
        let first = try await messaging.token()
        try await waitUntil { seen.values.count == 1 }
        try await messaging.deleteToken()
        let second = try await messaging.token()
        try await waitUntil { seen.values.count == 2 }
        #expect(seen.values == [first, second])
        consumer.cancel()
        try await value(of: consumer)
    }

    @Test func tokenUpdatesDoesNotYieldAnUnchangedToken() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let token = try await messaging.token()
        let updates = messaging.tokenUpdates
        _ = try await messaging.token()
        try await messaging.deleteToken()
        let next = try await messaging.token()
        #expect(try await first(of: updates) == next)
        #expect(next != token)
    }

    @Test func cancellingTheConsumerRemovesTheTokenListener() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let started = Gate()
        let consumer = Task {
            for await _ in messaging.tokenUpdates { started.open() }
        }
        try await waitUntil { messaging.tokenListeners.listenerCount == 1 }
        _ = try await messaging.token()
        try await started.wait(timeout: defaultTestTimeout)
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { messaging.tokenListeners.listenerCount == 0 }
    }

    @Test func breakingOutRemovesTheMessageListener() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let token = try await messaging.token()
        let consumer = Task {
            for await message in messaging.foregroundMessages {
                return message.appData["n"]
            }
            return nil
        }
        try await waitUntil { messaging.messageListeners.listenerCount == 1 }
        try backend.send(["n": "1"], to: .token(token))
        #expect(try await value(of: consumer) == "1")
        try await waitUntil { messaging.messageListeners.listenerCount == 0 }
    }

    @Test func cancellingTheConsumerRemovesTheMessageListener() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let consumer = Task { for await _ in messaging.foregroundMessages {} }
        try await waitUntil { messaging.messageListeners.listenerCount == 1 }
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { messaging.messageListeners.listenerCount == 0 }
    }

    @Test func droppingAStreamRemovesItsListener() throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        do {
            _ = messaging.tokenUpdates
            _ = messaging.foregroundMessages
        }
        #expect(messaging.tokenListeners.listenerCount == 0)
        #expect(messaging.messageListeners.listenerCount == 0)
    }

    @Test func deletingTheAppFinishesBothStreams() async throws {
        let app = try makeMessagingApp()
        let messaging = try Messaging.messaging(app: app)
        let tokens = Task { for await _ in messaging.tokenUpdates {} }
        let messages = Task { for await _ in messaging.foregroundMessages {} }
        try await waitUntil {
            messaging.tokenListeners.listenerCount == 1 && messaging.messageListeners.listenerCount == 1
        }
        await app.delete()
        try await value(of: tokens)
        try await value(of: messages)
        #expect(messaging.tokenListeners.listenerCount == 0)
        #expect(messaging.messageListeners.listenerCount == 0)
    }

    @Test func aStreamMadeAfterTheAppWasDeletedFinishesAtOnce() async throws {
        let app = try makeMessagingApp()
        let messaging = try Messaging.messaging(app: app)
        await app.delete()
        try await value(of: Task { for await _ in messaging.tokenUpdates {} })
        try await value(of: Task { for await _ in messaging.foregroundMessages {} })
        #expect(messaging.tokenListeners.listenerCount == 0)
        let recorder = Recorder<String?>()
        messaging.addTokenListener { recorder.record($0) }
        #expect(messaging.tokenListeners.listenerCount == 0)
    }

    @Test func aListenerMayRemoveItselfWhileCalled() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let registration = Locked<(any ListenerRegistration)?>(nil)
        let recorder = Recorder<String?>()
        registration.withLock { slot in
            slot = messaging.addTokenListener { token in
                recorder.record(token)
                registration.withLock { $0 }?.remove()
            }
        }
        _ = try await messaging.token()
        try await messaging.deleteToken()
        #expect(recorder.values.count == 1)
        #expect(messaging.tokenListeners.listenerCount == 0)
    }
}
