// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

@Suite struct AuthTokenTests {
    @Test func theFirstTokenRegistersTheInstallation() async throws {
        let backend = LocalInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let fid = try await installations.installationID()
        let token = try await installations.authToken(forcingRefresh: false)
        #expect(InstallationsTokenClaims(unsignedJWT: token.authToken)?.fid == fid)
        #expect(backend.registeredInstallations == [fid])
        #expect(backend.createCount == 1)
    }

    @Test func aValidTokenIsServedFromTheCache() async throws {
        let clock = TestClock()
        let backend = LocalInstallationsBackend(now: clock.closure)
        let installations = try Installations.installations(
            app: makeInstallationsApp(backend: backend, settings: InstallationsSettings(now: clock.closure)))
        let first = try await installations.authToken(forcingRefresh: false)
        clock.advance(by: 7 * 24 * 3600 - 3601)  // just over an hour left
        let second = try await installations.authToken(forcingRefresh: false)
        #expect(second.authToken == first.authToken)
        #expect(backend.generateCount == 0)
    }

    @Test func aTokenWithinAnHourOfExpiryIsRefreshed() async throws {
        let clock = TestClock()
        let backend = LocalInstallationsBackend(now: clock.closure)
        let installations = try Installations.installations(
            app: makeInstallationsApp(backend: backend, settings: InstallationsSettings(now: clock.closure)))
        let first = try await installations.authToken(forcingRefresh: false)
        clock.advance(by: 7 * 24 * 3600 - 3599)  // under an hour left
        let second = try await installations.authToken(forcingRefresh: false)
        #expect(second.authToken != first.authToken)
        #expect(second.expirationDate == clock.now().addingTimeInterval(7 * 24 * 3600))
        #expect(backend.generateCount == 1)
    }

    @Test func forcingRefreshGetsANewToken() async throws {
        let backend = LocalInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let first = try await installations.authToken(forcingRefresh: false)
        let second = try await installations.authToken(forcingRefresh: true)
        #expect(second.authToken != first.authToken)
        #expect(backend.generateCount == 1)
    }

    @Test func concurrentRefreshesShareOneRequest() async throws {
        let backend = GatedInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let tasks = (0..<5).map { _ in
            Task { try await installations.authToken(forcingRefresh: true).authToken }
        }
        try await waitUntil { backend.gate.waiterCount == 1 && installations.joinedRefreshCount == 4 }
        backend.gate.open()
        var tokens = Set<String>()
        for task in tasks { tokens.insert(try await value(of: task)) }
        #expect(tokens.count == 1)
        #expect(backend.startedCount == 1)
        #expect(backend.local.createCount == 1)
    }

    @Test func backendErrorsMapToInstallationsErrors() async throws {
        let unreachable = try Installations.installations(
            app: makeInstallationsApp(backend: FailingInstallationsBackend(.serverUnreachable("down"))))
        await #expect(throws: InstallationsError(.serverUnreachable, message: "down")) {
            try await unreachable.authToken(forcingRefresh: false)
        }
        let invalid = try Installations.installations(
            app: makeInstallationsApp(backend: FailingInstallationsBackend(.invalidConfiguration("bad key"))))
        await #expect(throws: InstallationsError(.invalidConfiguration, message: "bad key")) {
            try await invalid.authToken(forcingRefresh: false)
        }
    }

    @Test func aFailedRefreshIsRetriedByTheNextCall() async throws {
        let installations = try Installations.installations(
            app: makeInstallationsApp(backend: FailingInstallationsBackend(.serverUnreachable("down"))))
        for _ in 0..<2 {
            await #expect(throws: InstallationsError(.serverUnreachable, message: "down")) {
                try await installations.authToken(forcingRefresh: false)
            }
        }
    }

    @Test func anInstallationTheBackendForgotIsRegisteredUnderANewID() async throws {
        let backend = LocalInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let changes = installations.installationIDChanges
        let old = try await installations.installationID()
        _ = try await installations.authToken(forcingRefresh: false)
        backend.forgetInstallation(old)
        _ = try await installations.authToken(forcingRefresh: true)
        let new = try await installations.installationID()
        #expect(new != old)
        #expect(backend.registeredInstallations == [new])
        #expect(try await first(of: changes) == new)
    }

    @Test func otherProductsReachItThroughTheInteropProtocol() async throws {
        let app = try makeInstallationsApp()
        let interop = try app.container.require(InstallationsInterop.self)
        let installations = try Installations.installations(app: app)
        #expect(try await interop.installationID() == installations.installationID())
        let token = try await interop.authToken(forcingRefresh: false)
        #expect(try await token.authToken == installations.authToken(forcingRefresh: false).authToken)
        let received = Locked<[String]>([])
        let registration = interop.addInstallationIDChangeListener { id in received.withLock { $0.append(id) } }
        try await installations.delete()
        #expect(try received.withLock { $0 } == [await installations.installationID()])
        registration.remove()
        #expect(installations.listenerCount == 0)
    }
}
