// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

@Suite("App Check: tokenChanges", .timeLimit(.minutes(3)))
struct AppCheckStreamTests {
    @Test func tokenChangesYieldsEveryNewToken() async throws {
        let fixture = try AppCheckFixture()
        let changes = fixture.appCheck.tokenChanges
        let initial = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(try await first(of: changes) == initial)
        let forced = try await fixture.appCheck.token(forcingRefresh: true)
        #expect(try await first(of: changes) == forced)
    }

    @Test func onlyNewTokensAreAnnounced() async throws {
        let fixture = try AppCheckFixture()
        let recorder = TokenRecorder()
        fixture.appCheck.addTokenDidChangeListener(recorder.listener)
        _ = try await fixture.appCheck.token(forcingRefresh: false)  // new
        _ = try await fixture.appCheck.token(forcingRefresh: false)  // cached
        _ = try await fixture.appCheck.limitedUseToken()  // limited use
        fixture.clock.advance(by: 3400)
        _ = try await fixture.appCheck.token(forcingRefresh: false)  // refreshed near expiry
        #expect(recorder.values == ["token-1", "token-2"])
    }

    @Test func aFailedRefreshAnnouncesNothing() async throws {
        let fixture = try AppCheckFixture()
        let recorder = TokenRecorder()
        fixture.appCheck.addTokenDidChangeListener(recorder.listener)
        fixture.provider.error = AppCheckErrorCode.serverUnreachable
        _ = try? await fixture.appCheck.token(forcingRefresh: true)
        #expect(recorder.values.isEmpty)
    }

    @Test func aSharedRefreshIsAnnouncedOnce() async throws {
        let gate = Gate()
        let fixture = try AppCheckFixture(gate: gate)
        let recorder = TokenRecorder()
        fixture.appCheck.addTokenDidChangeListener(recorder.listener)
        let callers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask { _ = try await fixture.appCheck.token(forcingRefresh: true) }
                }
                try await group.waitForAll()
            }
        }
        try await waitUntil { fixture.appCheck.refreshWaiterCount == 4 }
        gate.open()
        try await value(of: callers)
        #expect(recorder.values == ["token-1"])
    }

    @Test func cancellingATokenChangesLoopRemovesItsListener() async throws {
        let fixture = try AppCheckFixture()
        let started = Gate()
        let consumer = Task {
            for await _ in fixture.appCheck.tokenChanges {
                started.open()
            }
        }
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        try await started.wait(timeout: defaultTestTimeout)
        #expect(fixture.appCheck.listenerCount == 1)
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { fixture.appCheck.listenerCount == 0 }
    }

    @Test func cancellingBeforeTheFirstTokenRemovesTheListener() async throws {
        let fixture = try AppCheckFixture()
        let consumer = Task {
            for await _ in fixture.appCheck.tokenChanges {}
        }
        try await waitUntil { fixture.appCheck.listenerCount == 1 }
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { fixture.appCheck.listenerCount == 0 }
    }

    @Test func breakingOutOfTokenChangesRemovesTheListener() async throws {
        let fixture = try AppCheckFixture()
        let changes = Task { () -> AppCheckToken? in
            for await token in fixture.appCheck.tokenChanges {
                return token
            }
            return nil
        }
        try await waitUntil { fixture.appCheck.listenerCount == 1 }
        let token = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(try await value(of: changes) == token)
        #expect(fixture.appCheck.listenerCount == 0)
    }

    @Test func droppingAStreamRemovesItsListener() throws {
        let fixture = try AppCheckFixture()
        do {
            let stream = fixture.appCheck.tokenChanges
            #expect(fixture.appCheck.listenerCount == 1)
            _ = stream
        }
        #expect(fixture.appCheck.listenerCount == 0)
    }
}
