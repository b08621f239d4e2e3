// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Testing

@testable import FlintMessaging

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

/// A Messaging of an app of its own, on the embedded backend, with fake Installations.
func makeMessaging(backend: LocalMessagingBackend = LocalMessagingBackend()) throws -> (FlintApp, Messaging) {
    let app = try TestApp.make(
        libraries: [MessagingLibrary.self],
        overrides: FakeInstallations().components + [
            MessagingLibrary.backend(backend), MessagingLibrary.settings(MessagingSettings(isAutoInitEnabled: false)),
        ])
    return (app, try Messaging.messaging(app: app))
}

@Suite("Messaging publishers and futures", .timeLimit(.minutes(1)))
struct MessagingCombineTests {
    @Test func tokenPublisherSendsEachNewTokenInOrder() async throws {
        let (_, messaging) = try makeMessaging()
        let recorder = Recorder(messaging.tokenPublisher())
        try await waitUntil { messaging.tokenListeners.listenerCount == 2 }
        let first = try await outcome(of: messaging.token() as Future<String, MessagingError>).get()
        try await recorder.waitForValues(1)
        try await outcome(of: messaging.deleteToken() as Future<Void, MessagingError>).get()
        let second = try await messaging.token()
        #expect(try await recorder.waitForValues(2) == [first, second])
    }

    @Test func deleteDataRegisterAndUnregisterFutures() async throws {
        let (_, messaging) = try makeMessaging()
        let first = try await messaging.token()
        try await outcome(of: messaging.deleteData() as Future<Void, MessagingError>).get()
        #expect(messaging.fcmToken == nil)
        #expect(try await messaging.token() != first)
        // In token mode (the default), the installation-ID calls are refused, as the SDK refuses them.
        let register: Future<Void, MessagingError> = messaging.register()
        #expect(try await outcome(of: register).failure?.code == .invalidRequest)
        let unregister: Future<Void, MessagingError> = messaging.unregister()
        #expect(try await outcome(of: unregister).failure?.code == .invalidRequest)
    }

    @Test func cancellingRemovesTheTokenListener() async throws {
        let (_, messaging) = try makeMessaging()
        let recorder = Recorder(messaging.tokenPublisher())
        try await waitUntil { messaging.tokenListeners.listenerCount == 2 }
        recorder.cancel()
        try await waitUntil { messaging.tokenListeners.listenerCount == 0 }
        _ = try await messaging.token()
        #expect(recorder.values.isEmpty)
    }

    @Test func foregroundMessagePublisherSendsMessagesInOrderAndFinishesAtDeletion() async throws {
        let backend = LocalMessagingBackend()
        let (app, messaging) = try makeMessaging(backend: backend)
        let token = try await messaging.token()
        let recorder = Recorder(messaging.foregroundMessagePublisher())
        try await waitUntil { messaging.messageListeners.listenerCount == 1 }
        try backend.send(["n": "1"], to: .token(token))
        try backend.send(["n": "2"], to: .token(token))
        #expect(try await recorder.waitForValues(2).map { $0.appData["n"] } == ["1", "2"])
        await app.delete()
        #expect(isFinished(try await recorder.waitForCompletion()))
    }

    @Test func topicFuturesSubscribeAndFailWithTheirTypedError() async throws {
        let backend = LocalMessagingBackend()
        let (_, messaging) = try makeMessaging(backend: backend)
        let token = try await messaging.token()
        try await outcome(of: messaging.subscribe(toTopic: "news") as Future<Void, MessagingError>).get()
        #expect(backend.topics(of: token) == ["news"])
        let invalid: Future<Void, MessagingError> = messaging.subscribe(toTopic: "not a topic!")
        #expect(try await outcome(of: invalid).failure?.code == .invalidTopicName)
    }

    /// Calls the future from a synchronous context and drops it.
    private func subscribeWithoutSubscribing(_ messaging: Messaging) {
        messaging.subscribe(toTopic: "started")
    }

    @Test func aFutureStartsWithoutASubscriber() async throws {
        let backend = LocalMessagingBackend()
        let (_, messaging) = try makeMessaging(backend: backend)
        let token = try await messaging.token()
        subscribeWithoutSubscribing(messaging)
        try await waitUntil { backend.topics(of: token)?.contains("started") == true }
    }
}
