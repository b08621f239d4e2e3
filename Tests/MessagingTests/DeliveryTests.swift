// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// Two default apps (each of its own private registry) on one embedded backend.
private struct TwoApps {
    let backend = LocalMessagingBackend(projectID: "flint-test")
    let alice: Messaging
    let bob: Messaging

    init() throws {
        alice = try Messaging.messaging(
            app: makeMessagingApp(
                installations: FakeInstallations(installationID: fid(1)),
                backend: backend))
        bob = try Messaging.messaging(
            app: makeMessagingApp(
                installations: FakeInstallations(installationID: fid(2)),
                backend: backend))
    }
}

@Suite("Delivery by the embedded backend")
struct DeliveryTests {
    @Test func aMessageToATokenReachesThatAppOnly() async throws {
        let apps = try TwoApps()
        let aliceToken = try await apps.alice.token()
        _ = try await apps.bob.token()
        let aliceMessages = apps.alice.foregroundMessages
        let bobRecorder = Recorder<MessagingRemoteMessage>()
        apps.bob.addForegroundMessageListener { bobRecorder.record($0) }
        let result = try apps.backend.send(["text": "hi alice"], to: .token(aliceToken))
        #expect(result.recipients == [aliceToken])
        #expect(result.deliveredCount == 1)
        #expect(result.name.hasPrefix("projects/flint-test/messages/"))
        let message = try await first(of: aliceMessages)
        #expect(message.appData == ["text": "hi alice"])
        #expect(message.from == FlintOptions.testing.gcmSenderID)
        #expect(bobRecorder.values.isEmpty)
    }

    @Test func aMessageToATopicReachesItsSubscribers() async throws {
        let apps = try TwoApps()
        try await apps.alice.subscribe(toTopic: "weather")
        try await apps.bob.subscribe(toTopic: "news")
        let aliceMessages = apps.alice.foregroundMessages
        let bobRecorder = Recorder<MessagingRemoteMessage>()
        apps.bob.addForegroundMessageListener { bobRecorder.record($0) }
        let result = try apps.backend.send(["forecast": "rain"], to: .topic("weather"))
        #expect(result.recipients == [apps.alice.fcmToken])
        let message = try await first(of: aliceMessages)
        #expect(message.from == "/topics/weather")
        #expect(message.appData == ["forecast": "rain"])
        #expect(bobRecorder.values.isEmpty)
    }

    @Test func aMessageToAConditionReachesTheAppsWhoseTopicsSatisfyIt() async throws {
        let apps = try TwoApps()
        try await apps.alice.subscribe(toTopic: "a")
        try await apps.alice.subscribe(toTopic: "c")
        try await apps.bob.subscribe(toTopic: "a")
        try await apps.bob.subscribe(toTopic: "d")
        let aliceMessages = apps.alice.foregroundMessages
        let result = try apps.backend.send(
            ["n": "1"], to: .condition("'a' in topics && ('b' in topics || 'c' in topics)"))
        #expect(result.recipients == [apps.alice.fcmToken])
        #expect(try await first(of: aliceMessages).appData == ["n": "1"])
        let both = try apps.backend.send(["n": "2"], to: .condition("'c' in topics || 'd' in topics"))
        #expect(Set(both.recipients) == Set([apps.alice.fcmToken, apps.bob.fcmToken].compactMap { $0 }))
        #expect(both.deliveredCount == 2)
    }

    @Test func unsubscribedAppsNoLongerReceive() async throws {
        let apps = try TwoApps()
        try await apps.alice.subscribe(toTopic: "weather")
        try await apps.alice.unsubscribe(fromTopic: "weather")
        #expect(try apps.backend.send(["x": "y"], to: .topic("weather")).recipients.isEmpty)
    }

    @Test func messagesArriveInOrder() async throws {
        let apps = try TwoApps()
        let token = try await apps.bob.token()
        let messages = apps.bob.foregroundMessages
        for index in 0..<20 { try apps.backend.send(["i": "\(index)"], to: .token(token)) }
        let received = try await collect(20, from: messages)
        #expect(received.map { $0.appData["i"] } == (0..<20).map { "\($0)" })
        #expect(Set(received.map(\.messageID)).count == 20)
    }

    @Test func aDeletedTokenIsNotRegistered() async throws {
        let apps = try TwoApps()
        let token = try await apps.alice.token()
        try await apps.alice.deleteToken()
        let error = #expect(throws: MessagingError.self) { try apps.backend.send(["x": "y"], to: .token(token)) }
        #expect(error?.code == .invalidRequest)
        #expect(apps.backend.receiverCount(for: token) == 0)
    }

    @Test func aNewTokenIsConnectedAndTheOldOneDisconnected() async throws {
        let apps = try TwoApps()
        let first = try await apps.alice.token()
        #expect(apps.backend.receiverCount(for: first) == 1)
        try await apps.alice.deleteToken()
        let second = try await apps.alice.token()
        #expect(apps.backend.receiverCount(for: first) == 0)
        #expect(apps.backend.receiverCount(for: second) == 1)
    }

    @Test func badMessagesAreRefusedWithTypedErrors() async throws {
        let apps = try TwoApps()
        let token = try await apps.alice.token()
        let unknown = #expect(throws: MessagingError.self) { try apps.backend.send(["x": "y"], to: .token("nobody")) }
        #expect(unknown?.code == .invalidRequest)
        let topic = #expect(throws: MessagingError.self) { try apps.backend.send(["x": "y"], to: .topic("bad topic")) }
        #expect(topic?.code == .invalidTopicName)
        let condition = #expect(throws: MessagingError.self) {
            try apps.backend.send(["x": "y"], to: .condition("'a' in"))
        }
        #expect(condition?.code == .invalidRequest)
        for key in ["from", "gcm.notification", "google.c.a", "message_type"] {
            let reserved = #expect(throws: MessagingError.self) { try apps.backend.send([key: "v"], to: .token(token)) }
            #expect(reserved?.message.contains("reserved") == true)
        }
        let big = String(repeating: "x", count: LocalMessagingBackend.maximumPayloadBytes)
        let tooBig = #expect(throws: MessagingError.self) { try apps.backend.send(["k": big], to: .token(token)) }
        #expect(tooBig?.code == .invalidRequest)
        let half = String(repeating: "x", count: LocalMessagingBackend.maximumTopicPayloadBytes)
        #expect(throws: MessagingError.self) { try apps.backend.send(["k": half], to: .topic("weather")) }
        #expect(try apps.backend.send(["k": half], to: .token(token)).deliveredCount == 1)
    }

    @Test func aDeletedAppIsDisconnectedButItsTokenStaysRegistered() async throws {
        let backend = LocalMessagingBackend()
        let app = try makeMessagingApp(backend: backend)
        let token = try await Messaging.messaging(app: app).token()
        await app.delete()
        #expect(backend.receiverCount(for: token) == 0)
        let result = try backend.send(["x": "y"], to: .token(token))
        #expect(result.recipients == [token])
        #expect(result.deliveredCount == 0)
    }
}
