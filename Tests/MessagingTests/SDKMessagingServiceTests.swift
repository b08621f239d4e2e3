// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// Firebase's `FirebaseMessaging/Tests/UnitTests/FIRMessagingServiceTest.m`, ported: subscribing and
/// unsubscribing with and without the `/topics/` prefix, their completion, invalid topic names, and a failing
/// token fetch. The SDK's mocked `FIRMessagingPubSub` is the embedded backend (or `TestHTTPServer` for the
/// token failure).
@Suite("SDK port: FIRMessagingServiceTest", .timeLimit(.minutes(3)))
struct SDKMessagingServiceTests {
    /// `testSubscribe` and `testUnsubscribe`: the operations reach the backend with the token and the topic.
    @Test func subscribeAndUnsubscribeReachTheBackendWithTokenAndTopic() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        try await messaging.subscribe(toTopic: "/topics/some-random-topic")
        let token = try #require(messaging.fcmToken)
        #expect(backend.topics(of: token) == ["some-random-topic"])
        try await messaging.unsubscribe(fromTopic: "/topics/some-random-topic")
        #expect(backend.topics(of: token) == [])
    }

    /// `testSubscribeWithNoTopicPrefix`, `testSubscribeWithTopicPrefix`, `testUnsubscribeWithNoTopicPrefix` and
    /// `testUnsubscribeWithTopicPrefix`: a name with or without the prefix is the same topic.
    @Test func theSameTopicWithOrWithoutThePrefix() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        try await messaging.subscribe(toTopic: "topicWithoutPrefix")
        try await messaging.subscribe(toTopic: "/topics/topicWithPrefix")
        let token = try #require(messaging.fcmToken)
        #expect(backend.topics(of: token) == ["topicWithoutPrefix", "topicWithPrefix"])
        try await messaging.unsubscribe(fromTopic: "/topics/topicWithoutPrefix")
        try await messaging.unsubscribe(fromTopic: "topicWithPrefix")
        #expect(backend.topics(of: token) == [])
    }

    /// `testSubscriptionCompletionHandlerWithSuccess` and `testUnsubscribeCompletionHandlerWithSuccess`: both
    /// complete without an error.
    @Test func subscribeAndUnsubscribeCompleteWithoutAnError() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: LocalMessagingBackend()))
        try await messaging.subscribe(toTopic: "news")
        try await messaging.unsubscribe(fromTopic: "news")
    }

    /// `testSubscriptionCompletionHandlerWithInvalidTopicName` and
    /// `testUnsubscribeCompletionHandlerWithInvalidTopicName`: `!@#$%^&*()` is `invalidTopicName` (8).
    @Test func punctuationIsAnInvalidTopicName() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: LocalMessagingBackend()))
        let subscribe = await #expect(throws: MessagingError.self) {
            try await messaging.subscribe(toTopic: "!@#$%^&*()")
        }
        #expect(subscribe?.code == .invalidTopicName)
        #expect(subscribe?.errorCode == 8)
        let unsubscribe = await #expect(throws: MessagingError.self) {
            try await messaging.unsubscribe(fromTopic: "!@#$%^&*()")
        }
        #expect(unsubscribe?.code == .invalidTopicName)
    }

    /// `testSubscribeFailedWithInvalidToken` and `testUnsubscribeFailedWithInvalidToken`: when the token cannot
    /// be fetched, the operation fails with the token error's code and failure reason.
    @Test func aFailedTokenFetchFailsTheOperationWithItsCodeAndReason() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"error":{"message":"Invalid token."}}"#, status: 500) }) {
            server in
            let messaging = try Messaging.messaging(app: makeMessagingApp())
            try messaging.useEmulator(withHost: server.host, port: server.port)
            for operation in [
                { try await messaging.subscribe(toTopic: "Apple") },
                { try await messaging.unsubscribe(fromTopic: "news") },
            ] as [@Sendable () async throws -> Void] {
                let error = await #expect(throws: MessagingError.self) { try await operation() }
                #expect(error?.code == .unknown)
                #expect((error as NSError?)?.localizedFailureReason == "Invalid token.")
            }
            #expect(server.requests.allSatisfy { $0.path.hasSuffix("/registrations") })
        }
    }
}
