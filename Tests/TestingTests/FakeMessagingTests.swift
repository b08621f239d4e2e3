// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

@Suite struct FakeMessagingTests {
    @Test func returnsTheScriptedToken() {
        let messaging: any MessagingInterop = FakeMessaging(fcmToken: "device-1")
        #expect(messaging.fcmToken == "device-1")
    }

    @Test func tokenIsSettableIncludingNil() {
        let messaging = FakeMessaging()
        messaging.fcmToken = "device-2"
        #expect(messaging.fcmToken == "device-2")
        messaging.fcmToken = nil
        #expect(messaging.fcmToken == nil)
    }

    @Test func readsAreCountedAndWritesAreNot() {
        let messaging = FakeMessaging()
        messaging.fcmToken = "x"
        _ = messaging.fcmToken
        _ = messaging.fcmToken
        #expect(messaging.fcmTokenReadCount == 2)
        messaging.resetRecordedCalls()
        #expect(messaging.fcmTokenReadCount == 0)
    }

    @Test func componentsServeTheInstanceAsMessagingInterop() throws {
        let messaging = FakeMessaging()
        let app = try TestApp.make(overrides: messaging.components)
        #expect(try app.container.require(MessagingInterop.self) === messaging)
    }

    @Test func listenersHearChangesOnlyIncludingDeletions() {
        let messaging = FakeMessaging(fcmToken: nil)
        let heard = Locked<[String?]>([])
        let registration = messaging.addTokenListener { token in heard.withLock { $0.append(token) } }
        messaging.fcmToken = "a"
        messaging.fcmToken = "a"
        messaging.fcmToken = nil
        messaging.fcmToken = "b"
        registration.remove()
        messaging.fcmToken = "c"
        #expect(heard.withLock { $0 } == ["a", nil, "b"])
        #expect(messaging.tokenListenerCount == 0)
    }

    @Test func tokenUpdatesSkipsDeletionsAndRemovesItsListener() async throws {
        let messaging = FakeMessaging(fcmToken: nil)
        let seen = Locked<[String]>([])
        let consumer = Task { for await token in messaging.tokenUpdates { seen.withLock { $0.append(token) } } }
        try await waitUntil { messaging.tokenListenerCount == 1 }
        messaging.fcmToken = "a"
        try await waitUntil { seen.withLock { $0.count } == 1 }
        messaging.fcmToken = nil
        messaging.fcmToken = "b"
        try await waitUntil { seen.withLock { $0.count } == 2 }
        #expect(seen.withLock { $0 } == ["a", "b"])
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { messaging.tokenListenerCount == 0 }
    }
}
