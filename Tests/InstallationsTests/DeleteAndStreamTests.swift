// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

@Suite struct DeleteAndStreamTests {
    @Test func deleteRemovesTheInstallationAndAnnouncesANewID() async throws {
        let backend = LocalInstallationsBackend()
        let directory = makeTemporaryDirectory()
        let settings = InstallationsSettings(persistenceDirectory: directory)
        let installations = try Installations.installations(
            app: makeInstallationsApp(backend: backend, settings: settings))
        let changes = installations.installationIDChanges
        let old = try await installations.installationID()
        _ = try await installations.authToken(forcingRefresh: false)

        try await installations.delete()
        let new = try await installations.installationID()
        #expect(new != old)
        #expect(backend.registeredInstallations.isEmpty)
        #expect(backend.deleteCount == 1)
        #expect(try await first(of: changes) == new)
        let restarted = try Installations.installations(app: makeInstallationsApp(backend: backend, settings: settings))
        #expect(try await restarted.installationID() == new)
    }

    @Test func deletingAnUnregisteredInstallationMakesNoRequest() async throws {
        let backend = LocalInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        _ = try await installations.installationID()
        try await installations.delete()
        #expect(backend.deleteCount == 0)
    }

    @Test func aFailedBackendDeleteKeepsTheInstallation() async throws {
        let backend = DeleteFailingBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let fid = try await installations.installationID()
        _ = try await installations.authToken(forcingRefresh: false)
        await #expect(throws: InstallationsError(.serverUnreachable, message: "down")) {
            try await installations.delete()
        }
        #expect(try await installations.installationID() == fid)
        #expect(backend.local.registeredInstallations == [fid])
    }

    @Test func cancellingTheConsumerRemovesTheListener() async throws {
        let installations = try Installations.installations(app: makeInstallationsApp())
        let started = Gate()
        let consumer = Task {
            for await _ in installations.installationIDChanges { started.open() }
        }
        try await waitUntil { installations.listenerCount == 1 }
        try await installations.delete()
        try await started.wait(timeout: defaultTestTimeout)
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { installations.listenerCount == 0 }
    }

    @Test func breakingOutOfTheLoopRemovesTheListener() async throws {
        let installations = try Installations.installations(app: makeInstallationsApp())
        let consumer = Task { for await _ in installations.installationIDChanges { break } }
        try await waitUntil { installations.listenerCount == 1 }
        try await installations.delete()
        try await value(of: consumer)
        try await waitUntil { installations.listenerCount == 0 }
    }

    @Test func deletingTheAppFinishesTheStream() async throws {
        let app = try makeInstallationsApp(name: "finishing")
        let installations = try Installations.installations(app: app)
        let consumer = Task { () -> Int in
            var count = 0
            for await _ in installations.installationIDChanges { count += 1 }
            return count
        }
        try await waitUntil { installations.listenerCount == 1 }
        await app.delete()
        #expect(try await value(of: consumer) == 0)
        #expect(installations.listenerCount == 0)
        // A stream made after the deletion finishes at once.
        #expect(
            try await value(
                of: Task {
                    for await _ in installations.installationIDChanges { return false }
                    return true
                }))
    }
}
