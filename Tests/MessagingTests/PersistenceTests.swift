// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("Persistence of the token between runs")
struct PersistenceTests {
    @Test func aRestartedAppKeepsItsTokenAndItsMessages() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalMessagingBackend()
            let installations = FakeInstallations(installationID: fid(1))
            let firstRun = try makePersistingApp(directory, backend: backend, installations: installations)
            let token = try await Messaging.messaging(app: firstRun).token()
            await firstRun.delete()

            let second = try makePersistingApp(directory, backend: backend, installations: installations)
            let messaging = try Messaging.messaging(app: second)
            #expect(messaging.fcmToken == token)  // restored at configure, no fetch
            #expect(try await messaging.token() == token)
            #expect(backend.registeredTokens == [token])
            #expect(messaging.persistenceError == nil)
            let messages = messaging.foregroundMessages
            try backend.send(["again": "yes"], to: .token(token))
            #expect(try await first(of: messages).appData == ["again": "yes"])
        }
    }

    @Test func aDeletedTokenStaysDeletedAfterARestart() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalMessagingBackend()
            let firstRun = try makePersistingApp(directory, backend: backend)
            let messaging = try Messaging.messaging(app: firstRun)
            _ = try await messaging.token()
            try await messaging.deleteToken()
            await firstRun.delete()
            #expect(try Messaging.messaging(app: makePersistingApp(directory, backend: backend)).fcmToken == nil)
        }
    }

    @Test func anExplicitAutoInitSettingIsSavedAndWinsOverTheSettings() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalMessagingBackend()
            let firstRun = try makePersistingApp(directory, backend: backend, autoInit: nil)
            let messaging = try Messaging.messaging(app: firstRun)
            messaging.isAutoInitEnabled = false
            await firstRun.delete()
            let second = try Messaging.messaging(app: makePersistingApp(directory, backend: backend, autoInit: true))
            #expect(second.isAutoInitEnabled == false)
        }
    }

    @Test func aTokenOfAnotherInstallationIDIsReplacedAtStart() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalMessagingBackend()
            let firstRun = try makePersistingApp(
                directory, backend: backend, installations: FakeInstallations(installationID: fid(1)))
            let old = try await Messaging.messaging(app: firstRun).token()
            await firstRun.delete()

            let second = try makePersistingApp(
                directory, backend: backend, installations: FakeInstallations(installationID: fid(2)),
                autoInit: true)
            let messaging = try Messaging.messaging(app: second)
            try await waitUntil { messaging.fcmToken?.hasPrefix(fid(2) + ":") == true }
            try await waitUntil { !backend.registeredTokens.contains(old) }
        }
    }

    @Test func aTokenSavedForOtherOptionsIsIgnored() async throws {
        try await withTemporaryDirectory { directory in
            let file = MessagingPersistenceFile(directory: directory)
            try file.save(
                .init(
                    senderID: "someone-else", appID: FlintOptions.testing.googleAppID, token: "x:APA91b",
                    installationID: fid(1), isAutoInitEnabled: nil))
            let messaging = try Messaging.messaging(app: makePersistingApp(directory, backend: LocalMessagingBackend()))
            #expect(messaging.fcmToken == nil)
            #expect(messaging.persistenceError == nil)
        }
    }

    @Test(arguments: [
        Data("{\"version\":1,\"senderID\":\"1234567890\",\"appID\":\"1:1234".utf8),  // truncated
        Data("not json at all".utf8),  // corrupted
        Data([0xFF, 0xFE, 0x00, 0x01]),  // binary garbage
        Data("{\"version\":2,\"senderID\":\"1234567890\",\"appID\":\"1:1234567890:ios:0123456789abcdef\"}".utf8),
        Data(repeating: 0x20, count: MessagingPersistenceFile.maximumSize + 1),  // too big
    ])
    func aDamagedFileIsAClearErrorAndTheAppStartsWithoutAToken(_ damaged: Data) async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = directory.appendingPathComponent(MessagingPersistenceFile.fileName)
            try damaged.write(to: url)
            let messaging = try Messaging.messaging(app: makePersistingApp(directory, backend: LocalMessagingBackend()))
            #expect(messaging.fcmToken == nil)
            let error = try #require(messaging.persistenceError)
            #expect(error.code == .unknown)
            #expect(error.message.contains(url.path))
            // The next token is saved over the damaged file.
            let token = try await messaging.token()
            #expect(messaging.persistenceError == nil)
            #expect(try MessagingPersistenceFile(directory: directory).load()?.token == token)
        }
    }

    @Test func aTokenThatCannotBeSavedIsAnErrorAndNotLeftRegistered() async throws {
        try await withTemporaryDirectory { directory in
            // The "directory" is a file: nothing can be written inside it.
            try Data("in the way".utf8).write(to: directory)
            let backend = LocalMessagingBackend()
            let messaging = try Messaging.messaging(app: makePersistingApp(directory, backend: backend))
            let error = await #expect(throws: MessagingError.self) { try await messaging.token() }
            #expect(error?.code == .unknown)
            #expect(error?.message.contains("Could not save") == true)
            #expect(messaging.fcmToken == nil)
            #expect(messaging.persistenceError == error)
            try await waitUntil { backend.registeredTokens.isEmpty }
        }
    }

    @Test func aDeletionThatCannotBeSavedIsReported() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalMessagingBackend()
            let messaging = try Messaging.messaging(app: makePersistingApp(directory, backend: backend))
            _ = try await messaging.token()
            // Replace the directory by a file: the next write fails.
            try FileManager.default.removeItem(at: directory)
            try Data("in the way".utf8).write(to: directory)
            let error = await #expect(throws: MessagingError.self) { try await messaging.deleteToken() }
            #expect(error?.message.contains("Could not save") == true)
            #expect(messaging.fcmToken == nil)
            #expect(backend.registeredTokens.isEmpty)  // deleted at the backend all the same
        }
    }

    /// An exit test: its watchdog ends the child process with status 3 if restoring blocks on the FIFO.
    @Test func aFIFOAtTheFileIsADamagedFileFoundAtOnce() async {
        await #expect(processExitsWith: .success) {
            let (directory, fifo) = try startFIFOExitTest {
                $0.appendingPathComponent(MessagingPersistenceFile.fileName)
            }
            let messaging = try Messaging.messaging(app: makePersistingApp(directory, backend: LocalMessagingBackend()))
            #expect(messaging.fcmToken == nil)
            #expect(messaging.persistenceError?.code == .unknown)
            #expect(messaging.persistenceError?.message.contains("\(fifo.path) is unreadable") == true)
            #expect(messaging.persistenceError?.message.contains("it is not a regular file") == true)
            // The next token is saved in a regular file in its place.
            let token = try await messaging.token()
            #expect(try MessagingPersistenceFile(directory: directory).load()?.token == token)
        }
    }
}
