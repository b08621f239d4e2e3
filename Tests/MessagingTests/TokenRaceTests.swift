// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("Token fetches racing with deletions")
struct TokenRaceTests {
    @Test func aTokenFetchedWhileTheTokenWasDeletedIsDeletedAgainAndANewOneFetched() async throws {
        let backend = GatedBackend()
        let app = try makeMessagingApp(overrides: [MessagingLibrary.backend(backend)])
        let messaging = try Messaging.messaging(app: app)
        let delegate = RecordingDelegate()
        messaging.delegate = delegate
        let fetch = Task { try await messaging.token() }
        try await waitUntil { backend.gate.waiterCount == 1 }
        try await messaging.deleteToken()
        backend.gate.open()
        let token = try await value(of: fetch)
        try await waitUntil { backend.inner.registeredTokens == [token] }
        #expect(messaging.fcmToken == token)
        #expect(delegate.tokens == [token])
    }

    @Test func deletingTheAppDuringAFetchDiscardsItsToken() async throws {
        let backend = GatedBackend()
        let app = try makeMessagingApp(overrides: [MessagingLibrary.backend(backend)])
        let messaging = try Messaging.messaging(app: app)
        let fetch = Task { try await messaging.token() }
        try await waitUntil { backend.gate.waiterCount == 1 }
        await app.delete()
        backend.gate.open()
        let outcome = try await result(of: fetch)
        #expect(throws: MessagingError(.unknown, message: "The app was deleted.")) { try outcome.get() }
        try await waitUntil { backend.inner.registeredTokens.isEmpty }
        #expect(messaging.fcmToken == nil)
    }
}
