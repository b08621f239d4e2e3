// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// The SDK's completion-handler forms: `fetch(completionHandler:)`, `fetch(withExpirationDuration:completionHandler:)`,
/// `fetchAndActivate(completionHandler:)`, `activate(completion:)` and `ensureInitialized(completionHandler:)`.
@Suite("Remote Config completion forms", .timeLimit(.minutes(3)))
struct CompletionTests {
    private func rig() throws -> RemoteConfigRig {
        try RemoteConfigRig(backend: try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"])))
    }

    @Test func fetchThenActivateHandOverTheirOutcome() async throws {
        let rig = try rig()
        let (status, fetchError) = await withCheckedContinuation { continuation in
            rig.remoteConfig.fetch(withExpirationDuration: 0) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(status == .success)
        #expect(fetchError == nil)
        let (changed, activateError) = await withCheckedContinuation { continuation in
            rig.remoteConfig.activate { continuation.resume(returning: ($0, $1)) }
        }
        #expect(changed)
        #expect(activateError == nil)
        #expect(rig.remoteConfig["a"].stringValue == "1")
        let (again, _) = await withCheckedContinuation { continuation in
            rig.remoteConfig.activate { continuation.resume(returning: ($0, $1)) }
        }
        #expect(!again)
    }

    @Test func aFailedFetchReportsTheLastFetchStatusAndTheError() async throws {
        let rig = try rig()
        rig.backend.failFetches(with: .unreachable("offline"))
        let (status, error) = await withCheckedContinuation { continuation in
            rig.remoteConfig.fetch { continuation.resume(returning: ($0, $1)) }
        }
        #expect(status == .failure)
        #expect((error as? RemoteConfigError)?.code == .internalError)
    }

    @Test func fetchAndActivateAndEnsureInitializedHandOverTheirOutcome() async throws {
        let rig = try rig()
        let initialized: (any Error)? = await withCheckedContinuation { continuation in
            rig.remoteConfig.ensureInitialized { continuation.resume(returning: $0) }
        }
        #expect(initialized == nil)
        let (status, error) = await withCheckedContinuation { continuation in
            rig.remoteConfig.fetchAndActivate { continuation.resume(returning: ($0, $1)) }
        }
        #expect(status == .successFetchedFromRemote)
        #expect(error == nil)
        // Within the minimum fetch interval: no request, the fetched data is used.
        rig.backend.failFetches(with: .unreachable("offline"))
        let (recent, recentError) = await withCheckedContinuation { continuation in
            rig.remoteConfig.fetchAndActivate { continuation.resume(returning: ($0, $1)) }
        }
        #expect(recent == .successUsingPreFetchedData)
        #expect(recentError == nil)
    }

    @Test func aFailedFetchAndActivateReportsErrorAndTheError() async throws {
        let rig = try rig()
        rig.backend.failFetches(with: .unreachable("offline"))
        let (status, error) = await withCheckedContinuation { continuation in
            rig.remoteConfig.fetchAndActivate { continuation.resume(returning: ($0, $1)) }
        }
        #expect(status == .error)
        #expect((error as? RemoteConfigError)?.code == .internalError)
    }
}

@Suite("ConfigUpdateListenerRegistration")
struct ConfigUpdateListenerRegistrationTests {
    @Test func theRegistrationTypeNamesWhatTheListenerReturns() throws {
        let rig = try RemoteConfigRig()
        let registration: ConfigUpdateListenerRegistration = rig.remoteConfig.addOnConfigUpdateListener { _, _ in }
        #expect(rig.remoteConfig.updateListenerCount == 1)
        registration.remove()
        #expect(rig.remoteConfig.updateListenerCount == 0)
    }
}
