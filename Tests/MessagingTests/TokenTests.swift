// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("FCM registration tokens")
struct TokenTests {
    @Test func theTokenIsIssuedForTheInstallationIDAndSenderID() async throws {
        let installations = FakeInstallations(installationID: fid(1))
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: installations, backend: backend))
        #expect(messaging.fcmToken == nil)
        let token = try await messaging.token()
        #expect(token.hasPrefix(fid(1) + ":APA91b"))
        #expect(messaging.fcmToken == token)
        #expect(backend.registeredTokens == [token])
        #expect(installations.authTokenCalls == [false])
    }

    @Test func theTokenIsCachedAndConcurrentCallsShareOneRequest() async throws {
        let backend = LocalMessagingBackend()
        let installations = FakeInstallations()
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: installations, backend: backend))
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await messaging.token() } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
        #expect(try await messaging.token() == tokens.first)
        #expect(backend.registeredTokens.count == 1)
        #expect(installations.installationIDCallCount == 1)
    }

    @Test func deleteTokenThenTokenGivesANewToken() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let first = try await messaging.token()
        try await messaging.deleteToken()
        #expect(messaging.fcmToken == nil)
        #expect(backend.registeredTokens.isEmpty)
        let second = try await messaging.token()
        #expect(second != first)
        #expect(backend.registeredTokens == [second])
    }

    @Test func deletingWithoutATokenDoesNothing() async throws {
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let delegate = RecordingDelegate()
        messaging.delegate = delegate
        try await messaging.deleteToken()
        #expect(delegate.tokens.isEmpty)
        #expect(messaging.fcmToken == nil)
    }

    @Test func theDelegateAndListenersAreToldOnlyWhenTheTokenChanges() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let delegate = RecordingDelegate()
        messaging.delegate = delegate
        let recorder = Recorder<String?>()
        let registration = messaging.addTokenListener { recorder.record($0) }
        let first = try await messaging.token()
        _ = try await messaging.token()
        try await messaging.deleteToken()
        let second = try await messaging.token()
        _ = try await messaging.token()
        #expect(delegate.tokens == [first, nil, second])
        #expect(recorder.values == [first, nil, second])
        registration.remove()
        try await messaging.deleteToken()
        #expect(recorder.values == [first, nil, second])
        #expect(delegate.tokens == [first, nil, second, nil])
    }

    @Test func theDelegateIsHeldWeakly() throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        var delegate: RecordingDelegate? = RecordingDelegate()
        messaging.delegate = delegate
        #expect(messaging.delegate != nil)
        delegate = nil
        #expect(messaging.delegate == nil)
    }

    @Test func withoutInstallationsTheTokenFailsWithNoAccess() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: nil))
        let error = await #expect(throws: MessagingError.self) { try await messaging.token() }
        #expect(error?.code == .noAccess)
        #expect(error?.message.contains("InstallationsInterop") == true)
    }

    @Test func anInstallationsFailureIsNoAccessAndALaterCallRetries() async throws {
        let installations = FakeInstallations()
        installations.error = FakeError("offline")
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: installations))
        let error = await #expect(throws: MessagingError.self) { try await messaging.token() }
        #expect(error?.code == .noAccess)
        installations.error = nil
        #expect(try await messaging.token().hasPrefix(installations.installationID))
    }

    @Test func aBackendErrorIsPassedOnAsItsMessagingError() async throws {
        let backend = FailingBackend(error: MessagingError(.authentication, message: "refused"))
        let app = try makeMessagingApp(overrides: [MessagingLibrary.backend(backend)])
        let messaging = try Messaging.messaging(app: app)
        await #expect(throws: MessagingError(.authentication, message: "refused")) { try await messaging.token() }
        backend.error = URLError(.timedOut)
        let timeout = await #expect(throws: MessagingError.self) { try await messaging.token() }
        #expect(timeout?.code == .timeout)
        backend.error = URLError(.notConnectedToInternet)
        let network = await #expect(throws: MessagingError.self) { try await messaging.token() }
        #expect(network?.code == .network)
    }

    @Test func aChangedInstallationIDInvalidatesTheTokenAndFetchesANewOne() async throws {
        let installations = FakeInstallations(installationID: fid(1))
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(
            app: makeMessagingApp(
                installations: installations, backend: backend,
                autoInit: true))
        let original = try await messaging.token()
        let updates = messaging.tokenUpdates
        installations.installationID = fid(2)
        let second = try await first(of: updates)
        #expect(second.hasPrefix(fid(2) + ":"))
        #expect(try await messaging.token() == second)
        try await waitUntil { backend.registeredTokens == [second] }
        #expect(!backend.registeredTokens.contains(original))
    }

    @Test func withoutAutoInitAChangedInstallationIDLeavesNoToken() async throws {
        let installations = FakeInstallations(installationID: fid(1))
        let backend = LocalMessagingBackend()
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: installations, backend: backend))
        let delegate = RecordingDelegate()
        messaging.delegate = delegate
        let first = try await messaging.token()
        installations.installationID = fid(2)
        #expect(messaging.fcmToken == nil)
        #expect(delegate.tokens == [first, nil])
        try await waitUntil { backend.registeredTokens.isEmpty }
        #expect(try await messaging.token().hasPrefix(fid(2) + ":"))
    }

    @Test func autoInitFetchesATokenAtConfigureWithoutBeingAsked() async throws {
        let backend = LocalMessagingBackend()
        let app = try makeMessagingApp(backend: backend, autoInit: true)
        // Nobody resolved Messaging: the eager instance fetched the token on its own.
        try await waitUntil { backend.registeredTokens.count == 1 }
        let messaging = try Messaging.messaging(app: app)
        try await waitUntil { messaging.fcmToken != nil }
        #expect(backend.registeredTokens == [messaging.fcmToken])
        #expect(try await messaging.token() == messaging.fcmToken)
    }

    @Test func turningAutoInitOnFetchesAToken() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        #expect(messaging.isAutoInitEnabled == false)
        let updates = messaging.tokenUpdates
        messaging.isAutoInitEnabled = true
        let token = try await first(of: updates)
        #expect(messaging.fcmToken == token)
    }

    @Test func afterTheAppIsDeletedTokenCallsFail() async throws {
        let app = try makeMessagingApp()
        let messaging = try Messaging.messaging(app: app)
        _ = try await messaging.token()
        await app.delete()
        await #expect(throws: MessagingError(.unknown, message: "The app was deleted.")) { try await messaging.token() }
        await #expect(throws: MessagingError(.unknown, message: "The app was deleted.")) {
            try await messaging.deleteToken()
        }
    }
}
