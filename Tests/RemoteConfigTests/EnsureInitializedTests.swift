// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct EnsureInitializedTests {
    @Test func ensureInitializedLoadsTheSavedConfig() async throws {
        let directory = makeTemporaryDirectory()
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
        _ = try await RemoteConfigRig(backend: backend, directory: directory).remoteConfig.fetchAndActivate()
        let restarted = try RemoteConfigRig(backend: backend, directory: directory)
        try await restarted.remoteConfig.ensureInitialized()
        #expect(restarted.remoteConfig["a"].stringValue == "1")
    }

    @Test func ensureInitializedReportsACorruptFileOnce() async throws {
        let directory = makeTemporaryDirectory()
        let file = try #require(
            RemoteConfigEnvironment(persistenceDirectory: directory).persistenceFile(forAppNamed: FlintApp.defaultName))
        try Data(#"{"version":1,"appName":"#.utf8).write(to: file)
        let rig = try RemoteConfigRig(directory: directory)
        let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.ensureInitialized() }
        #expect(error?.code == .internalError)
        try await rig.remoteConfig.ensureInitialized()
        #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
    }
}
