// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("Topic subscriptions")
struct TopicTests {
    @Test func subscribingGetsATokenAndRecordsTheTopic() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        try await messaging.subscribe(toTopic: "weather")
        let token = try #require(messaging.fcmToken)
        #expect(backend.topics(of: token) == ["weather"])
        try await messaging.subscribe(toTopic: "/topics/news")  // the old form, prefix removed
        #expect(backend.topics(of: token) == ["weather", "news"])
        try await messaging.unsubscribe(fromTopic: "weather")
        #expect(backend.topics(of: token) == ["news"])
        try await messaging.unsubscribe(fromTopic: "never-subscribed")
        #expect(backend.topics(of: token) == ["news"])
    }

    @Test func everyAllowedCharacterIsAccepted() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let name = "azAZ09-_.~%"
        try await messaging.subscribe(toTopic: name)
        #expect(backend.topics(of: try #require(messaging.fcmToken)) == [name])
    }

    @Test(arguments: [
        "", "/topics/", "two words", "a/b", "/topics//topics/a", "caf\u{E9}", "emoji\u{1F600}", "tab\t",
        "quote'", "semi;colon", String(repeating: "x", count: 901),
    ])
    func invalidNamesAreInvalidTopicName(_ topic: String) async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let subscribeError = await #expect(throws: MessagingError.self) {
            try await messaging.subscribe(toTopic: topic)
        }
        #expect(subscribeError?.code == .invalidTopicName)
        #expect(subscribeError?.message.contains("Will not subscribe") == true)
        let unsubscribeError = await #expect(throws: MessagingError.self) {
            try await messaging.unsubscribe(fromTopic: topic)
        }
        #expect(unsubscribeError?.code == .invalidTopicName)
        #expect(unsubscribeError?.errorCode == 8)
        #expect(backend.registeredTokens.isEmpty)  // rejected before anything was asked of the backend
    }

    @Test func aTokenErrorFailsTheSubscription() async throws {
        let installations = FakeInstallations()
        installations.error = FakeError("offline")
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: installations))
        let error = await #expect(throws: MessagingError.self) { try await messaging.subscribe(toTopic: "weather") }
        #expect(error?.code == .noAccess)
    }

    @Test func subscriptionsBelongToTheToken() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        try await messaging.subscribe(toTopic: "weather")
        try await messaging.deleteToken()
        let token = try await messaging.token()
        #expect(backend.topics(of: token) == [])
    }
}
