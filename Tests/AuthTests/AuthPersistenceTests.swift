// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: the signed-in user survives an app restart when persistence is on")
struct AuthPersistenceTests {
    @Test func aRestartedAppRestoresTheUser() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock()
        let backend = LocalAuthBackend(projectID: "flint-test", now: clock.closure)
        let registry = AppRegistry()

        let original = try AuthFixture(
            name: "notes", clock: clock, backend: backend, persistenceDirectory: directory,
            registry: registry)
        let ada = try await original.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let token = try await original.auth.signedInUser().getIDToken()
        #expect(await original.app.delete())

        let restarted = try AuthFixture(
            name: "notes", clock: clock, backend: backend, persistenceDirectory: directory,
            registry: registry)
        #expect(restarted.auth !== original.auth)
        #expect(restarted.auth.currentUser?.snapshot == ada.snapshot)
        #expect(try await first(of: restarted.auth.authStateChanges)?.snapshot == ada.snapshot)
        #expect(try await restarted.auth.signedInUser().getIDToken() == token)
    }

    @Test func aNewRegistryWithTheSameDirectoryRestoresTheUser() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock()
        let backend = LocalAuthBackend(projectID: "flint-test", now: clock.closure)
        let before = try AuthFixture(clock: clock, backend: backend, persistenceDirectory: directory)
        let user = try await before.auth.signInAnonymously().user

        let after = try AuthFixture(clock: clock, backend: backend, persistenceDirectory: directory)
        #expect(after.auth.currentUser?.snapshot == user.snapshot)
        // The restored session keeps working: its refresh token is still valid at the backend.
        clock.advance(by: 3600)
        _ = try await after.auth.signedInUser().getIDToken()
        #expect(after.auth.currentUser?.uid == user.uid)
    }

    @Test func theFileIsNamedAfterTheApp() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = try AuthFixture(name: "notes", persistenceDirectory: directory)
        try await fixture.auth.signInAnonymously()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files == ["notes.auth.json"])
        #expect(
            AuthSettings(persistenceDirectory: directory).persistenceFile(forAppNamed: "notes")?.lastPathComponent
                == "notes.auth.json")
    }

    @Test func eachAppHasItsOwnFile() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let registry = AppRegistry()
        let backend = LocalAuthBackend(projectID: "flint-test")
        let notes = try AuthFixture(
            name: "notes", backend: backend, persistenceDirectory: directory, registry: registry)
        let photos = try AuthFixture(
            name: "photos", backend: backend, persistenceDirectory: directory, registry: registry)
        let ada = try await notes.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(photos.auth.currentUser == nil)
        let grace = try await photos.auth.createUser(withEmail: graceEmail, password: gracePassword).user

        let newRegistry = AppRegistry()
        let notesAgain = try AuthFixture(
            name: "notes", backend: backend, persistenceDirectory: directory, registry: newRegistry)
        let photosAgain = try AuthFixture(
            name: "photos", backend: backend, persistenceDirectory: directory, registry: newRegistry)
        #expect(notesAgain.auth.currentUser?.snapshot == ada.snapshot)
        #expect(photosAgain.auth.currentUser?.snapshot == grace.snapshot)
    }

    @Test func signOutRemovesTheSavedUser() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let backend = LocalAuthBackend(projectID: "flint-test")
        let fixture = try AuthFixture(backend: backend, persistenceDirectory: directory)
        try await fixture.auth.signInAnonymously()
        try fixture.auth.signOut()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let restarted = try AuthFixture(backend: backend, persistenceDirectory: directory)
        #expect(restarted.auth.currentUser == nil)
    }

    @Test func aRefreshedTokenIsSaved() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock()
        let backend = LocalAuthBackend(projectID: "flint-test", now: clock.closure)
        let fixture = try AuthFixture(clock: clock, backend: backend, persistenceDirectory: directory)
        try await fixture.auth.signInAnonymously()
        clock.advance(by: 3600)
        let refreshed = try await fixture.auth.signedInUser().getIDToken()
        let restarted = try AuthFixture(clock: clock, backend: backend, persistenceDirectory: directory)
        #expect(try await restarted.auth.signedInUser().getIDToken() == refreshed)
    }

    @Test func withoutPersistenceARestartedAppIsSignedOut() async throws {
        let backend = LocalAuthBackend(projectID: "flint-test")
        let registry = AppRegistry()
        let original = try AuthFixture(name: "notes", backend: backend, registry: registry)
        try await original.auth.signInAnonymously()
        #expect(await original.app.delete())
        let restarted = try AuthFixture(name: "notes", backend: backend, registry: registry)
        #expect(restarted.auth.currentUser == nil)
    }

    @Test func anUnreadableFileStartsSignedOut() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not json".utf8).write(to: directory.appendingPathComponent("notes.auth.json"))
        let fixture = try AuthFixture(name: "notes", persistenceDirectory: directory)
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func aFailedSaveIsKeychainErrorAndLeavesTheUserSignedOut() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A file where the directory should be: nothing can be saved below it.
        let blocked = directory.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let fixture = try AuthFixture(persistenceDirectory: blocked)
        await #expect(throws: AuthErrorCode.keychainError) { try await fixture.auth.signInAnonymously() }
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func aThreeHundredCharacterAppNamePersistsAndRestores() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = String(repeating: "n", count: 300)
        let backend = LocalAuthBackend(projectID: "flint-test")
        let original = try AuthFixture(
            name: name, backend: backend, persistenceDirectory: directory,
            registry: AppRegistry())
        let ada = try await original.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
        let file = try #require(files.first)
        #expect(file.utf8.count <= 67)
        #expect(file.hasPrefix(String(repeating: "n", count: 40) + "+"))
        #expect(await original.app.delete())
        let restarted = try AuthFixture(
            name: name, backend: backend, persistenceDirectory: directory,
            registry: AppRegistry())
        #expect(restarted.auth.currentUser?.snapshot == ada.snapshot)
        try restarted.auth.signOut()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func persistenceFilesStayInTheirDirectoryWhateverTheName() throws {
        let directory = URL(fileURLWithPath: "/tmp/flint-auth-names", isDirectory: true)
        let settings = AuthSettings(persistenceDirectory: directory)
        let names = [
            "../escape", "a/b", "..", ".", "", "/", "x\u{0}y", "ünïcödé", String(repeating: "z", count: 300),
            String(repeating: "z", count: 101), String(repeating: "z", count: 100), "__FIRAPP_DEFAULT", "notes",
        ]
        var fileNames = Set<String>()
        for name in names {
            let url = try #require(settings.persistenceFile(forAppNamed: name))
            let file = url.lastPathComponent
            #expect(
                url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path,
                "\(name.debugDescription)")
            #expect(!file.contains("/") && !file.hasPrefix(".") && !file.contains("\u{0}"), "\(name.debugDescription)")
            #expect(file.utf8.count <= 110, "\(name.debugDescription)")
            #expect(file.hasSuffix(".auth.json"))
            fileNames.insert(file)
        }
        #expect(fileNames.count == names.count)  // different names, different files
        // Short plain names keep the file name of earlier versions.
        #expect(
            settings.persistenceFile(forAppNamed: "__FIRAPP_DEFAULT")?.lastPathComponent == "__FIRAPP_DEFAULT.auth.json"
        )
        #expect(
            settings.persistenceFile(forAppNamed: String(repeating: "z", count: 100))?.lastPathComponent
                == String(repeating: "z", count: 100) + ".auth.json")
    }

    @Test func aFileOfAnotherAppIsNotRestored() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = try AuthFixture(name: "notes", persistenceDirectory: directory)
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        // As if another app's name hashed to the same file: the recorded app name does not match.
        let url = directory.appendingPathComponent("notes.auth.json")
        #expect(AuthPersistenceFile(url: url, appName: "notes").load() != nil)
        #expect(AuthPersistenceFile(url: url, appName: "photos").load() == nil)
    }

    @Test func aFileOfAnEarlierVersionIsStillRead() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let backend = LocalAuthBackend(projectID: "flint-test")
        let original = try AuthFixture(
            name: "notes", backend: backend, persistenceDirectory: directory,
            registry: AppRegistry())
        let ada = try await original.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(await original.app.delete())
        // Earlier versions wrote no appName.
        let url = directory.appendingPathComponent("notes.auth.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(json["appName"] as? String == "notes")
        json["appName"] = nil
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        let restarted = try AuthFixture(
            name: "notes", backend: backend, persistenceDirectory: directory,
            registry: AppRegistry())
        #expect(restarted.auth.currentUser?.snapshot == ada.snapshot)
    }

    /// An unreadable file means signed out, found at once. An exit test: its watchdog ends the child process with
    /// status 3 if restoring the user blocks on the FIFO.
    @Test func aFIFOAtTheFileStartsSignedOutAndTheNextSignInReplacesIt() async {
        await #expect(processExitsWith: .success) {
            let directory = try startFIFOExitTest { directory in
                try #require(
                    AuthSettings(persistenceDirectory: directory).persistenceFile(forAppNamed: FlintApp.defaultName))
            }.directory
            let fixture = try AuthFixture(persistenceDirectory: directory)
            #expect(fixture.auth.currentUser == nil)
            let user = try await fixture.auth.signInAnonymously().user
            #expect(
                try AuthFixture(backend: fixture.backend, persistenceDirectory: directory).auth.currentUser?.snapshot
                    == user.snapshot)
        }
    }
}
