// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// `apnsToken`, `setAPNSToken(_:type:)`, `appDidReceiveMessage(_:)`, `deleteData()` and the completion forms.
@Suite("APNs token, received messages, deleteData", .timeLimit(.minutes(3)))
struct APNsAndMessagesTests {
    @Test func theAPNsTokenIsKeptAndSentWithTheNextToken() async throws {
        let server = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: server))
        #expect(messaging.apnsToken == nil)
        messaging.apnsToken = Data([0xDE, 0xAD])
        #expect(messaging.apnsToken == Data([0xDE, 0xAD]))
        let token = try await messaging.token()
        let request = try #require(server.registrationRequest(for: token))
        #expect(request.apnsTokenHex == "dead")
        #expect(request.apnsTokenType == .unknown)
        #expect(request.apnsTokenType.environment == "PROD")
        #expect(MessagingAPNSTokenType.sandbox.environment == "SANDBOX")
        messaging.apnsToken = nil
        #expect(messaging.apnsToken == nil)
    }

    @Test func theSDKsRawValues() {
        #expect(MessagingAPNSTokenType.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(MessagingMessageStatus.unknown.rawValue == 0)
        #expect(MessagingMessageStatus.new.rawValue == 1)
    }

    @Test func appDidReceiveMessageAnswersUnknownForAnEmptyMessageElseNew() throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        #expect(messaging.appDidReceiveMessage([:]).status == .unknown)
        #expect(messaging.appDidReceiveMessage(["gcm.message_id": "1"]).status == .new)
        // Firebase answers new for a message seen before too.
        #expect(messaging.appDidReceiveMessage(["gcm.message_id": "1"]).status == .new)
    }

    @Test func deleteDataDeletesEveryTokenAndFetchesAgainWithAutoInit() async throws {
        let server = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: server))
        let first = try await messaging.token()
        let other = try await messaging.retrieveFCMToken(forSenderID: "987654321")
        try await messaging.deleteData()
        #expect(messaging.fcmToken == nil)
        #expect(server.registeredTokens.isEmpty)
        messaging.isAutoInitEnabled = true
        try await waitUntil { messaging.fcmToken != nil }
        let second = try #require(messaging.fcmToken)
        try await messaging.deleteData()
        let third = try #require(messaging.fcmToken)
        #expect(Set([first, other, second, third]).count == 4)
        #expect(server.registeredTokens == [third])
    }

    @Test func deleteDataUnregistersTheInstallationID() async throws {
        let server = LocalMessagingBackend()
        let messaging = try Messaging.messaging(
            app: makeMessagingApp(
                installations: FakeInstallations(installationID: fid(8)), backend: server, installationIdEnabled: true))
        messaging.apnsToken = Data([1])
        try await messaging.register()
        try await messaging.deleteData()
        #expect(server.registeredTokens.isEmpty)
    }

    @Test func completionFormsHandOverTheOutcome() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: LocalMessagingBackend()))
        let token: String = try await withCheckedThrowingContinuation { continuation in
            messaging.token { token, error in
                if let token { continuation.resume(returning: token) } else { continuation.resume(throwing: error!) }
            }
        }
        #expect(messaging.fcmToken == token)
        let registerError: (any Error)? = await withCheckedContinuation { continuation in
            messaging.register { continuation.resume(returning: $0) }
        }
        #expect((registerError as? MessagingError)?.code == .invalidRequest)
        let deleteError: (any Error)? = await withCheckedContinuation { continuation in
            messaging.deleteData { continuation.resume(returning: $0) }
        }
        #expect(deleteError == nil)
        #expect(messaging.fcmToken == nil)
    }
}
