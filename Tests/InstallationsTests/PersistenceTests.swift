// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

@Suite struct PersistenceTests {
    @Test func theInstallationSurvivesARestart() async throws {
        let directory = makeTemporaryDirectory()
        let backend = LocalInstallationsBackend()
        let settings = InstallationsSettings(persistenceDirectory: directory)
        let before = try Installations.installations(app: makeInstallationsApp(backend: backend, settings: settings))
        let fid = try await before.installationID()
        let token = try await before.authToken(forcingRefresh: false)

        let after = try Installations.installations(app: makeInstallationsApp(backend: backend, settings: settings))
        #expect(try await after.installationID() == fid)
        #expect(try await after.authToken(forcingRefresh: false).authToken == token.authToken)
        #expect(backend.createCount == 1)
    }

    @Test func eachAppHasItsOwnInstallation() async throws {
        let settings = InstallationsSettings(persistenceDirectory: makeTemporaryDirectory())
        let first = try await Installations.installations(app: makeInstallationsApp(name: "one", settings: settings))
            .installationID()
        let second = try await Installations.installations(app: makeInstallationsApp(name: "two", settings: settings))
            .installationID()
        #expect(first != second)
    }

    @Test func theFileStaysInsideTheDirectoryWhateverTheName() throws {
        let directory = makeTemporaryDirectory()
        let settings = InstallationsSettings(persistenceDirectory: directory)
        for name in ["app", "../../etc/passwd", "a/b", "..", String(repeating: "x", count: 500)] {
            let file = try #require(settings.persistenceFile(forAppNamed: name))
            #expect(
                file.deletingLastPathComponent().standardizedFileURL.path.trimmingCharacters(in: ["/"])
                    == directory.standardizedFileURL.path.trimmingCharacters(in: ["/"]))
            #expect(!file.lastPathComponent.contains("/"))
            #expect(file.lastPathComponent.hasSuffix(".installations.json"))
        }
        #expect(settings.persistenceFile(forAppNamed: "app")?.lastPathComponent == "app.installations.json")
    }

    @Test func aCorruptFileIsAKeychainErrorNotANewID() async throws {
        let directory = makeTemporaryDirectory()
        let settings = InstallationsSettings(persistenceDirectory: directory)
        let fid = try await Installations.installations(app: makeInstallationsApp(settings: settings)).installationID()
        let file = try #require(settings.persistenceFile(forAppNamed: FlintApp.defaultName))
        let data = try Data(contentsOf: file)
        try data.prefix(data.count / 2).write(to: file)  // truncated

        let restarted = try Installations.installations(app: makeInstallationsApp(settings: settings))
        let error = await #expect(throws: InstallationsError.self) { try await restarted.installationID() }
        #expect(error?.code == .keychain)
        await #expect(throws: InstallationsError.self) { try await restarted.authToken(forcingRefresh: false) }

        try await restarted.delete()  // the way out: a new installation
        let new = try await restarted.installationID()
        #expect(new != fid)
        #expect(InstallationID.isValid(new))
    }

    @Test func aFileWithAnInvalidIDIsCorrupt() async throws {
        let directory = makeTemporaryDirectory()
        let settings = InstallationsSettings(persistenceDirectory: directory)
        let file = try #require(settings.persistenceFile(forAppNamed: FlintApp.defaultName))
        try Data(#"{"version":1,"appName":"[DEFAULT]","installation":{"fid":"../../x"}}"#.utf8).write(to: file)
        let installations = try Installations.installations(app: makeInstallationsApp(settings: settings))
        let error = await #expect(throws: InstallationsError.self) { try await installations.installationID() }
        #expect(error?.code == .keychain)
    }

    @Test func anIDIsNeverHandedOutUnsaved() async throws {
        let blocker = makeTemporaryDirectory().appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: blocker)  // a file where the directory should be
        let installations = try Installations.installations(
            app: makeInstallationsApp(settings: InstallationsSettings(persistenceDirectory: blocker)))
        let error = await #expect(throws: InstallationsError.self) { try await installations.installationID() }
        #expect(error?.code == .keychain)
    }

    @Test func aTokenThatCannotBeSavedIsAnError() async throws {
        let directory = makeTemporaryDirectory()
        let settings = InstallationsSettings(persistenceDirectory: directory)
        let backend = LocalInstallationsBackend()
        let installations = try Installations.installations(
            app: makeInstallationsApp(backend: backend, settings: settings))
        _ = try await installations.installationID()
        try FileManager.default.removeItem(at: directory)
        try Data("x".utf8).write(to: directory)  // the directory is now a file
        let error = await #expect(throws: InstallationsError.self) {
            try await installations.authToken(forcingRefresh: false)
        }
        #expect(error?.code == .keychain)
    }

    /// An exit test: its watchdog ends the child process with status 3 if loading blocks on the FIFO.
    @Test func aFIFOAtTheFileIsAKeychainErrorAtOnce() async {
        await #expect(processExitsWith: .success) {
            let (directory, fifo) = try startFIFOExitTest {
                try #require(
                    InstallationsSettings(persistenceDirectory: $0).persistenceFile(forAppNamed: FlintApp.defaultName))
            }
            let settings = InstallationsSettings(persistenceDirectory: directory)
            let installations = try Installations.installations(app: makeInstallationsApp(settings: settings))
            let error = await #expect(throws: InstallationsError.self) { try await installations.installationID() }
            #expect(error?.code == .keychain)
            #expect(
                error?.message.contains("\(fifo.lastPathComponent) cannot be read: it is not a regular file") == true)
        }
    }
}
