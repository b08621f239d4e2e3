// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// `tokenChanges` ends with its app, and leaves nothing registered when its consumer stops.
@Suite("App Check: tokenChanges and the app's lifetime", .timeLimit(.minutes(3)))
struct AppCheckStreamLifecycleTests {
    @Test func aTokenChangesLoopEndsWhenTheAppIsDeleted() async throws {
        let fixture = try AppCheckFixture()
        let consumer = Task { () -> [String] in
            var received: [String] = []
            for await token in fixture.appCheck.tokenChanges { received.append(token.token) }
            return received
        }
        try await waitUntil { fixture.appCheck.listenerCount == 1 && fixture.appCheck.deletionListenerCount == 1 }
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        _ = await fixture.app.delete()
        let received = try await value(of: consumer)
        #expect(received.count <= 1)
        #expect(fixture.appCheck.listenerCount == 0)
        #expect(fixture.appCheck.deletionListenerCount == 0)
    }

    @Test func aStreamWaitingForItsFirstTokenEndsWhenTheAppIsDeleted() async throws {
        let fixture = try AppCheckFixture()
        let consumer = Task { () -> Int in
            var count = 0
            for await _ in fixture.appCheck.tokenChanges { count += 1 }
            return count
        }
        try await waitUntil { fixture.appCheck.deletionListenerCount == 1 }
        _ = await fixture.app.delete()
        #expect(try await value(of: consumer) == 0)
    }

    @Test func aStreamMadeAfterTheAppWasDeletedIsFinished() async throws {
        let fixture = try AppCheckFixture()
        _ = await fixture.app.delete()
        let consumer = Task { () -> Int in
            var count = 0
            for await _ in fixture.appCheck.tokenChanges { count += 1 }
            return count
        }
        #expect(try await value(of: consumer) == 0)
        #expect(fixture.appCheck.listenerCount == 0)
        #expect(fixture.appCheck.deletionListenerCount == 0)
    }

    @Test func cancellingTheConsumerRemovesBothListeners() async throws {
        let fixture = try AppCheckFixture()
        let consumer = Task {
            for await _ in fixture.appCheck.tokenChanges {}
        }
        try await waitUntil { fixture.appCheck.listenerCount == 1 && fixture.appCheck.deletionListenerCount == 1 }
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { fixture.appCheck.listenerCount == 0 && fixture.appCheck.deletionListenerCount == 0 }
    }

    @Test func breakingOutRemovesBothListeners() async throws {
        let fixture = try AppCheckFixture()
        let consumer = Task { () -> AppCheckToken? in
            for await token in fixture.appCheck.tokenChanges { return token }
            return nil
        }
        try await waitUntil { fixture.appCheck.listenerCount == 1 && fixture.appCheck.deletionListenerCount == 1 }
        let token = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(try await value(of: consumer) == token)
        try await waitUntil { fixture.appCheck.listenerCount == 0 && fixture.appCheck.deletionListenerCount == 0 }
    }

    @Test func droppingAStreamRemovesBothListeners() throws {
        let fixture = try AppCheckFixture()
        do {
            let stream = fixture.appCheck.tokenChanges
            #expect(fixture.appCheck.deletionListenerCount == 1)
            _ = stream
        }
        #expect(fixture.appCheck.listenerCount == 0)
        #expect(fixture.appCheck.deletionListenerCount == 0)
    }
}
