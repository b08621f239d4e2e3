// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("Tokens for other senders")
struct SenderTokenTests {
    @Test func anotherSendersTokenIsSeparateAndCached() async throws {
        let backend = LocalMessagingBackend()
        let installations = FakeInstallations(installationID: fid(3))
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: installations, backend: backend))
        let delegate = RecordingDelegate()
        messaging.delegate = delegate
        let other = try await messaging.retrieveFCMToken(forSenderID: "999")
        #expect(other.hasPrefix(fid(3) + ":"))
        #expect(try await messaging.retrieveFCMToken(forSenderID: "999") == other)
        #expect(messaging.fcmToken == nil)
        #expect(delegate.tokens.isEmpty)
        let own = try await messaging.token()
        #expect(own != other)
        #expect(Set(backend.registeredTokens) == [own, other])
        #expect(messaging.senderTokens.senders == ["999"])
    }

    @Test func concurrentRequestsShareOneRegistration() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<6 { group.addTask { try await messaging.retrieveFCMToken(forSenderID: "999") } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
        #expect(backend.registeredTokens == Array(tokens))
    }

    @Test func theAppsOwnSenderIDIsTheDefaultToken() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let token = try await messaging.retrieveFCMToken(forSenderID: FlintOptions.testing.gcmSenderID)
        #expect(messaging.fcmToken == token)
        try await messaging.deleteFCMToken(forSenderID: FlintOptions.testing.gcmSenderID)
        #expect(messaging.fcmToken == nil)
    }

    @Test func messagesToAnotherSendersTokenArriveInForegroundMessages() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let token = try await messaging.retrieveFCMToken(forSenderID: "999")
        let messages = messaging.foregroundMessages
        try backend.send(["hello": "from 999"], to: .token(token))
        let message = try await first(of: messages)
        #expect(message.from == "999")
        #expect(message.appData == ["hello": "from 999"])
    }

    @Test func deletingAnotherSendersTokenUnregistersItOnly() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let own = try await messaging.token()
        let other = try await messaging.retrieveFCMToken(forSenderID: "999")
        try await messaging.deleteFCMToken(forSenderID: "999")
        #expect(backend.registeredTokens == [own])
        #expect(backend.receiverCount(for: other) == 0)
        #expect(messaging.fcmToken == own)
        try await messaging.deleteFCMToken(forSenderID: "999")  // nothing left: no error
        let next = try await messaging.retrieveFCMToken(forSenderID: "999")
        #expect(next != other)
    }

    @Test func anEmptySenderIDIsInvalidRequest() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let fetch = await #expect(throws: MessagingError.self) { try await messaging.retrieveFCMToken(forSenderID: "") }
        #expect(fetch?.code == .invalidRequest)
        #expect(fetch?.message.contains("Sender ID was not supplied") == true)
        let delete = await #expect(throws: MessagingError.self) { try await messaging.deleteFCMToken(forSenderID: "") }
        #expect(delete?.code == .invalidRequest)
    }

    @Test func aChangedInstallationIDDropsAndUnregistersThem() async throws {
        let backend = LocalMessagingBackend()
        let installations = FakeInstallations(installationID: fid(1))
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: installations, backend: backend))
        let other = try await messaging.retrieveFCMToken(forSenderID: "999")
        installations.installationID = fid(2)
        #expect(messaging.senderTokens.senders.isEmpty)
        #expect(backend.receiverCount(for: other) == 0)
        try await waitUntil { backend.registeredTokens.isEmpty }
        #expect(try await messaging.retrieveFCMToken(forSenderID: "999").hasPrefix(fid(2) + ":"))
    }

    @Test func afterTheAppIsDeletedTheyFailAndAreDisconnected() async throws {
        let backend = LocalMessagingBackend()
        let app = try makeMessagingApp(backend: backend)
        let messaging = try Messaging.messaging(app: app)
        let other = try await messaging.retrieveFCMToken(forSenderID: "999")
        await app.delete()
        #expect(backend.receiverCount(for: other) == 0)
        await #expect(throws: MessagingError(.unknown, message: "The app was deleted.")) {
            try await messaging.retrieveFCMToken(forSenderID: "999")
        }
        await #expect(throws: MessagingError(.unknown, message: "The app was deleted.")) {
            try await messaging.deleteFCMToken(forSenderID: "999")
        }
    }
}
