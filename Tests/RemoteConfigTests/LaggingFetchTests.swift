// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct LaggingFetchTests {
    private func make(_ answers: [RemoteConfigFetchResponse]) throws -> (
        RemoteConfig, ScriptedRemoteConfigBackend, SleepLog
    ) {
        let backend = ScriptedRemoteConfigBackend(answers)
        let sleeps = SleepLog()
        let app = try TestApp.make(
            libraries: [RemoteConfigLibrary.self],
            overrides: [
                RemoteConfigLibrary.backend(backend),
                RemoteConfigLibrary.environment(RemoteConfigEnvironment(sleep: { sleeps.record($0) })),
            ] + FakeInstallations().components)
        return (try RemoteConfig.remoteConfig(app: app), backend, sleeps)
    }

    private let v1 = RemoteConfigFetchResponse(state: .update, entries: ["a": "1"], templateVersion: 1)
    private let v2 = RemoteConfigFetchResponse(state: .update, entries: ["a": "2"], templateVersion: 2)

    @Test func anOlderTemplateThanAnnouncedIsFetchedAgain() async throws {
        let (config, backend, sleeps) = try make([v1, v1, v2])
        _ = try await config.fetchAndActivate()
        let updates = config.updates
        try await waitUntil { backend.listenerCount == 1 }
        backend.announce(2)
        #expect(try await first(of: updates).updatedKeys == ["a"])
        #expect(backend.fetchCount == 3)
        #expect(sleeps.recorded == [.seconds(1)])
    }

    @Test func aTemplateThatNeverArrivesIsNotFetched() async throws {
        let (config, backend, sleeps) = try make([v1])
        _ = try await config.fetchAndActivate()
        let updates = config.updates
        try await waitUntil { backend.listenerCount == 1 }
        backend.announce(2)
        let error = await #expect(throws: RemoteConfigUpdateError.self) { _ = try await first(of: updates) }
        #expect(error?.code == .notFetched)
        #expect(backend.fetchCount == 1 + RemoteConfig.maximumRealtimeFetchAttempts)
        #expect(sleeps.recorded == [.seconds(1), .seconds(2)])
    }
}
