// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct PersistenceTests {
    @Test func fetchedAndActiveConfigsSurviveARestart() async throws {
        let directory = makeTemporaryDirectory()
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
        let clock = TestClock()
        let first = try RemoteConfigRig(backend: backend, clock: clock, directory: directory)
        _ = try await first.remoteConfig.fetchAndActivate()
        try backend.publish(RemoteConfigTemplate(values: ["a": "2"]))
        _ = try await first.remoteConfig.fetch(withExpirationDuration: 0)  // fetched, not activated

        let restarted = try RemoteConfigRig(backend: backend, clock: clock, directory: directory)
        #expect(restarted.remoteConfig["a"].stringValue == "1")
        #expect(restarted.remoteConfig.lastFetchStatus == .success)
        #expect(restarted.remoteConfig.lastFetchTime == clock.now())
        #expect(try await restarted.remoteConfig.activate())
        #expect(restarted.remoteConfig["a"].stringValue == "2")
        #expect(try await restarted.remoteConfig.fetchAndActivate() == .successUsingPreFetchedData)
    }

    @Test func theBackoffSurvivesARestart() async throws {
        let directory = makeTemporaryDirectory()
        let backend = LocalRemoteConfigBackend()
        let clock = TestClock()
        backend.failFetches(with: .unavailable("HTTP 500"))
        let first = try RemoteConfigRig(backend: backend, clock: clock, directory: directory)
        await #expect(throws: RemoteConfigError.self) { try await first.remoteConfig.fetch() }
        let restarted = try RemoteConfigRig(backend: backend, clock: clock, directory: directory)
        let error = await #expect(throws: RemoteConfigError.self) { try await restarted.remoteConfig.fetch() }
        #expect(error?.code == .throttled)
    }

    @Test func eachAppHasItsOwnFileInsideTheDirectory() throws {
        let directory = makeTemporaryDirectory()
        let environment = RemoteConfigEnvironment(persistenceDirectory: directory)
        for name in ["app", "../../x", "a/b", ".."] {
            let file = try #require(environment.persistenceFile(forAppNamed: name))
            #expect(
                file.deletingLastPathComponent().path.trimmingCharacters(in: ["/"])
                    == directory.path.trimmingCharacters(in: ["/"]))
            #expect(file.lastPathComponent.hasSuffix(".remoteconfig.json"))
        }
    }

    @Test func aCorruptFileIsReportedOnceThenReplaced() async throws {
        let directory = makeTemporaryDirectory()
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
        let first = try RemoteConfigRig(backend: backend, directory: directory)
        _ = try await first.remoteConfig.fetchAndActivate()
        let file = try #require(
            RemoteConfigEnvironment(persistenceDirectory: directory).persistenceFile(forAppNamed: FlintApp.defaultName))
        let data = try Data(contentsOf: file)
        try data.prefix(data.count / 2).write(to: file)  // truncated

        let restarted = try RemoteConfigRig(backend: backend, directory: directory)
        try restarted.remoteConfig.setDefaults(["a": "default"])
        #expect(restarted.remoteConfig["a"].source == .default)  // no crash: defaults serve
        let error = await #expect(throws: RemoteConfigError.self) {
            try await restarted.remoteConfig.fetchAndActivate()
        }
        #expect(error?.code == .internalError)
        #expect(error?.message.contains("corrupt") == true)
        #expect(try await restarted.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
        #expect(restarted.remoteConfig["a"].stringValue == "1")

        let again = try RemoteConfigRig(backend: backend, directory: directory)
        #expect(again.remoteConfig["a"].stringValue == "1")
    }

    @Test func aFetchThatCannotBeSavedIsAnErrorAndNotKept() async throws {
        let directory = makeTemporaryDirectory()
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
        let rig = try RemoteConfigRig(backend: backend, directory: directory)
        _ = rig.remoteConfig["a"]  // loads (nothing saved yet)
        try FileManager.default.removeItem(at: directory)
        try Data("x".utf8).write(to: directory)  // the directory is now a file
        let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch() }
        #expect(error?.code == .internalError)
        #expect(try await rig.remoteConfig.activate() == false)  // nothing was kept
    }

    @Test func anActivationThatCannotBeSavedChangesNothing() async throws {
        let directory = makeTemporaryDirectory()
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
        let rig = try RemoteConfigRig(backend: backend, directory: directory)
        _ = try await rig.remoteConfig.fetch()
        try FileManager.default.removeItem(at: directory)
        try Data("x".utf8).write(to: directory)
        let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.activate() }
        #expect(error?.code == .internalError)
        #expect(rig.remoteConfig["a"].source == .static)
    }

    /// An exit test: its watchdog ends the child process with status 3 if loading blocks on the FIFO.
    @Test func aFIFOAtTheFileIsAnInternalErrorAtOnceThenReplaced() async {
        await #expect(processExitsWith: .success) {
            let (directory, fifo) = try startFIFOExitTest { directory in
                try #require(
                    RemoteConfigEnvironment(persistenceDirectory: directory)
                        .persistenceFile(forAppNamed: FlintApp.defaultName))
            }
            let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
            let rig = try RemoteConfigRig(backend: backend, directory: directory)
            #expect(rig.remoteConfig["a"].source == .static)
            let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.activate() }
            #expect(error?.code == .internalError)
            #expect(
                error?.message.contains("\(fifo.lastPathComponent) cannot be read: it is not a regular file") == true)
            #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
            #expect(try RemoteConfigRig(backend: backend, directory: directory).remoteConfig["a"].stringValue == "1")
        }
    }

    @Test func anActivationTooLargeToReadBackIsRefusedAndChangesNothing() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Fetched, the value fits; activated, the file would hold it twice (fetched and active): past the limit.
        let large = String(repeating: "x", count: RemoteConfigFile.maximumSize / 2 + 1)
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["large": large]))
        let rig = try RemoteConfigRig(backend: backend, directory: directory)
        _ = try await rig.remoteConfig.fetch()
        let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.activate() }
        #expect(error?.code == .internalError)
        #expect(error?.message.contains("more than the \(RemoteConfigFile.maximumSize)") == true)
        #expect(rig.remoteConfig["large"].source == .static)
        let file = try #require(
            RemoteConfigEnvironment(persistenceDirectory: directory).persistenceFile(forAppNamed: FlintApp.defaultName))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size <= RemoteConfigFile.maximumSize)
        // What was saved is read back after a restart: the fetch, still waiting to be activated.
        let restarted = try RemoteConfigRig(backend: backend, directory: directory)
        #expect(restarted.remoteConfig["large"].source == .static)
        #expect(restarted.remoteConfig.lastFetchStatus == .success)
        await #expect(throws: RemoteConfigError.self) { try await restarted.remoteConfig.activate() }
    }
}
