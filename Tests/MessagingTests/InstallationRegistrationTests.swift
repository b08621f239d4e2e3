// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// Firebase 12's installation ID flow (`isInstallationIdEnabled`, `register()`, `unregister()`) on the embedded
/// backend.
@Suite("Installation ID registration", .timeLimit(.minutes(3)))
struct InstallationRegistrationTests {
    static let apns = Data([0x01, 0xAB, 0xFF])

    @Test func itIsOffByDefault() throws {
        #expect(!(try Messaging.messaging(app: makeMessagingApp()).isInstallationIdEnabled))
        #expect(try Messaging.messaging(app: makeMessagingApp(installationIdEnabled: true)).isInstallationIdEnabled)
    }

    @Test func registeringSendsTheAPNsTokenAndTellsTheDelegate() async throws {
        let server = LocalMessagingBackend()
        let installations = FakeInstallations(installationID: fid(1))
        let messaging = try Messaging.messaging(
            app: makeMessagingApp(installations: installations, backend: server, installationIdEnabled: true))
        let delegate = RecordingDelegate()
        messaging.delegate = delegate
        messaging.setAPNSToken(Self.apns, type: .sandbox)
        try await messaging.register()
        #expect(delegate.registrations == ["registered \(fid(1))"])
        #expect(delegate.tokens.isEmpty)
        #expect(messaging.fcmToken == nil)
        let request = try #require(server.registrationRequest(for: fid(1)))
        #expect(request.apnsToken == Self.apns)
        #expect(request.apnsTokenType == .sandbox)
        #expect(request.apnsTokenHex == "01abff")
        // Registering again asks nothing more of the backend but tells the delegate again, as Firebase does.
        try await messaging.register()
        #expect(delegate.registrations == ["registered \(fid(1))", "registered \(fid(1))"])
    }

    @Test func messagesToTheInstallationIDArrive() async throws {
        let server = LocalMessagingBackend()
        let messaging = try Messaging.messaging(
            app: makeMessagingApp(
                installations: FakeInstallations(installationID: fid(2)), backend: server, installationIdEnabled: true))
        messaging.apnsToken = Self.apns
        try await messaging.register()
        let received = Recorder<MessagingRemoteMessage>()
        let registration = messaging.addForegroundMessageListener { received.record($0) }
        defer { registration.remove() }
        try server.send(["k": "v"], to: .installationID(fid(2)))
        #expect(received.values.map(\.appData) == [["k": "v"]])
        // A token target does not reach an installation ID registration.
        #expect(throws: MessagingError.self) { try server.send(["k": "v"], to: .token(fid(2))) }
    }

    @Test func registeringWithoutAnAPNsTokenFails() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp(installationIdEnabled: true))
        await #expect(throws: MessagingError(.invalidRequest, message: "APNS token missing in options.")) {
            try await messaging.register()
        }
    }

    @Test func unregisteringTellsTheDelegateAndTheListeners() async throws {
        let server = LocalMessagingBackend()
        let messaging = try Messaging.messaging(
            app: makeMessagingApp(
                installations: FakeInstallations(installationID: fid(3)), backend: server, installationIdEnabled: true))
        let delegate = RecordingDelegate()
        messaging.delegate = delegate
        let tokens = Recorder<String?>()
        let listener = messaging.addTokenListener { tokens.record($0) }
        defer { listener.remove() }
        messaging.apnsToken = Self.apns
        try await messaging.register()
        try await messaging.unregister()
        #expect(delegate.registrations == ["registered \(fid(3))", "unregistered \(fid(3))"])
        #expect(tokens.values == [fid(3), nil])
        #expect(server.registrationRequest(for: fid(3)) == nil)
        // Not registered any more: the backend refuses a second unregistration.
        await #expect(throws: MessagingError.self) { try await messaging.unregister() }
    }

    @Test func tokenOperationsAreRefusedWithInstallationIDs() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp(installationIdEnabled: true))
        let refusal = MessagingError(
            .invalidRequest,
            message: "FirebaseMessagingInstallationIdEnabled is set to YES, so FCM token operations are not supported.")
        await #expect(throws: refusal) { try await messaging.token() }
        await #expect(throws: refusal) { try await messaging.deleteToken() }
        await #expect(throws: refusal) { try await messaging.retrieveFCMToken(forSenderID: "42") }
        await #expect(throws: refusal) { try await messaging.deleteFCMToken(forSenderID: "42") }
    }

    @Test func topicsUseTheInstallationID() async throws {
        let server = LocalMessagingBackend()
        let messaging = try Messaging.messaging(
            app: makeMessagingApp(
                installations: FakeInstallations(installationID: fid(4)), backend: server, installationIdEnabled: true))
        messaging.apnsToken = Self.apns
        try await messaging.subscribe(toTopic: "weather")
        #expect(server.topics(of: fid(4)) == ["weather"])
        #expect(server.registeredTokens == [fid(4)])
    }

    @Test func aNewInstallationIDIsRegistered() async throws {
        let server = LocalMessagingBackend()
        let installations = FakeInstallations(installationID: fid(5))
        let messaging = try Messaging.messaging(
            app: makeMessagingApp(installations: installations, backend: server, installationIdEnabled: true))
        let delegate = RecordingDelegate()
        messaging.delegate = delegate
        messaging.apnsToken = Self.apns
        try await messaging.register()
        installations.installationID = fid(6)
        try await waitUntil { delegate.registrations.last == "registered \(fid(6))" }
        #expect(server.registrationRequest(for: fid(6)) != nil)
    }
}
