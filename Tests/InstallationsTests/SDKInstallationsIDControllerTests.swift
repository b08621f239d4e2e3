// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

/// Ports of the Firebase iOS SDK's `FirebaseInstallations/Source/Tests/Unit/FIRInstallationsIDControllerTests.m`.
/// The SDK's ID-change notification is Flint's change listeners.
@Suite struct SDKInstallationsIDControllerTests {
    /// The IDs the change listeners of `installations` received, in order.
    private func changes(of installations: Installations) -> Locked<[String]> {
        let received = Locked<[String]>([])
        installations.addInstallationIDChangeListener { fid in received.withLock { $0.append(fid) } }
        return received
    }

    /// `testGetInstallationItem_WhenFIDExists_ThenItIsReturned`: a saved installation is read back, without a change.
    @Test func aSavedInstallationIsReturnedUnchanged() async throws {
        let settings = InstallationsSettings(persistenceDirectory: makeTemporaryDirectory())
        let fid = try await Installations.installations(app: makeInstallationsApp(settings: settings)).installationID()
        let restarted = try Installations.installations(app: makeInstallationsApp(settings: settings))
        let received = changes(of: restarted)
        #expect(try await restarted.installationID() == fid)
        #expect(received.withLock { $0 }.isEmpty)
    }

    /// `testGetInstallationItem_WhenNoFIDAndNoIID_ThenFIDIsCreatedAndRegistered`,
    /// `testFIDDidChangeNotificationIsSentWhenFIDCreated`: a new 22-character FID is created and announced. (The SDK
    /// also registers it in the background; Flint registers on the first token request, see the guide.)
    @Test func aNewInstallationIsCreatedAndAnnounced() async throws {
        let installations = try Installations.installations(app: makeInstallationsApp())
        let received = changes(of: installations)
        let fid = try await installations.installationID()
        #expect(fid.count == 22)
        #expect(received.withLock { $0 } == [fid])
        #expect(try await installations.installationID() == fid)
        #expect(received.withLock { $0 } == [fid])
    }

    /// `testGetInstallationItem_WhenCalledSeveralTimes_OnlyOneOperationIsPerformed`: concurrent callers get one ID.
    @Test func concurrentCallersGetOneInstallation() async throws {
        let installations = try Installations.installations(app: makeInstallationsApp())
        let received = changes(of: installations)
        let fids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await installations.installationID() } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(fids.count == 1)
        #expect(received.withLock { $0.count } == 1)
    }

    /// `testGetAuthToken_WhenValidInstallationExists_ThenItIsReturned`,
    /// `testGetAuthToken_WhenValidInstallationWithExpiredTokenExists_ThenTokenRequested`,
    /// `testGetAuthTokenForcingRefresh_WhenValidInstallationExists_ThenTokenRequested`: a token valid for more than
    /// an hour is served from the cache; one expiring within the hour (or a forced refresh) is requested again.
    @Test func aTokenIsRefreshedWhenItExpiresWithinTheHourOrWhenForced() async throws {
        let clock = TestClock()
        let backend = LocalInstallationsBackend(tokenLifetime: 7_200, now: clock.closure)
        let installations = try Installations.installations(
            app: makeInstallationsApp(backend: backend, settings: InstallationsSettings(now: clock.closure)))
        let first = try await installations.authToken(forcingRefresh: false)
        clock.advance(by: 3_599)  // expires in an hour and a second: served from the cache
        #expect(try await installations.authToken(forcingRefresh: false).authToken == first.authToken)
        #expect(backend.generateCount == 0)
        clock.advance(by: 2)  // now it expires in 60 * 60 - 1 seconds
        let refreshed = try await installations.authToken(forcingRefresh: false)
        #expect(refreshed.authToken != first.authToken)
        #expect(backend.generateCount == 1)
        let forced = try await installations.authToken(forcingRefresh: true)
        #expect(forced.authToken != refreshed.authToken)
        #expect(backend.generateCount == 2)
    }

    /// `testGetAuthToken_WhenCalledSeveralTimes_OnlyOneOperationIsPerformed`,
    /// `testGetAuthTokenForceRefresh_WhenCalledSeveralTimes_OnlyOneOperationIsPerformed`: ten callers, one request.
    @Test(arguments: [false, true])
    func concurrentTokenCallersShareOneRequest(forcingRefresh: Bool) async throws {
        let backend = GatedInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let callers = (0..<10).map { _ in Task { try await installations.authToken(forcingRefresh: forcingRefresh) } }
        try await waitUntil { installations.joinedRefreshCount == 9 }
        backend.gate.open()
        var tokens = Set<String>()
        for caller in callers { tokens.insert(try await value(of: caller).authToken) }
        #expect(tokens.count == 1)
        #expect(backend.startedCount == 1)
    }

    /// `testGetAuthToken_WhenAPIResponse401_ThenFISResetAndReregistered`: an installation the backend no longer
    /// knows is registered again under a new ID, which is announced.
    @Test func anUnknownInstallationIsRegisteredAgainUnderANewID() async throws {
        let backend = LocalInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let old = try await installations.installationID()
        _ = try await installations.authToken(forcingRefresh: false)
        let received = changes(of: installations)
        backend.forgetInstallation(old)
        _ = try await installations.authToken(forcingRefresh: true)
        let new = try await installations.installationID()
        #expect(new != old)
        #expect(backend.registeredInstallations == [new])
        #expect(received.withLock { $0 } == [new])
    }

    /// `testDeleteRegisteredInstallation`, `testDeleteUnregisteredInstallation`: the backend is asked only for a
    /// registered installation; either way a new ID is announced.
    @Test(arguments: [false, true])
    func deletingAnInstallationAnnouncesANewID(registered: Bool) async throws {
        let backend = LocalInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let old = try await installations.installationID()
        if registered { _ = try await installations.authToken(forcingRefresh: false) }
        let received = changes(of: installations)
        try await installations.delete()
        #expect(backend.deleteCount == (registered ? 1 : 0))
        #expect(backend.registeredInstallations.isEmpty)
        let new = try await installations.installationID()
        #expect(new != old)
        #expect(received.withLock { $0 } == [new])
    }

    /// `testDeleteRegisteredInstallation_WhenAPIRequestFails_ThenFailsAndInstallationIsNotRemoved`: a server error
    /// fails the deletion; the installation stays and nothing is announced.
    @Test func aFailedDeletionKeepsTheInstallation() async throws {
        let backend = DeleteFailingBackend(.serverError("HTTP 500"))
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let fid = try await installations.installationID()
        _ = try await installations.authToken(forcingRefresh: false)
        let received = changes(of: installations)
        await #expect(throws: InstallationsError(.serverUnreachable, message: "HTTP 500")) {
            try await installations.delete()
        }
        #expect(try await installations.installationID() == fid)
        #expect(received.withLock { $0 }.isEmpty)
    }

    /// `testDeleteRegisteredInstallation_WhenAPIFailsWithNotFound_ThenInstallationIsRemoved`: an installation the
    /// backend does not know is deleted here anyway.
    @Test func anInstallationTheBackendDoesNotKnowIsDeletedAnyway() async throws {
        let backend = DeleteFailingBackend(.installationNotFound)
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let old = try await installations.installationID()
        _ = try await installations.authToken(forcingRefresh: false)
        let received = changes(of: installations)
        try await installations.delete()
        let new = try await installations.installationID()
        #expect(new != old)
        #expect(received.withLock { $0 } == [new])
    }

    /// `testDeleteInstallation_WhenThereIsOngoingAuthTokenRequest_ThenUsesItsResult`: deletion waits for the token
    /// request in flight, whose caller gets its token, and deletes the installation that request registered.
    @Test func deletionWaitsForTheTokenRequestInFlight() async throws {
        let backend = GatedInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let old = try await installations.installationID()
        let token = Task { try await installations.authToken(forcingRefresh: false) }
        try await waitUntil { backend.gate.waiterCount == 1 }
        let deletion = Task { try await installations.delete() }
        try await waitUntil { installations.waitingDeleteCount == 1 }
        backend.gate.open()
        _ = try await value(of: token)
        try await value(of: deletion)
        #expect(backend.local.deleteCount == 1)
        #expect(!backend.local.registeredInstallations.contains(old))
        #expect(try await installations.installationID() != old)
    }

    /// `testRegisterInstallation_WhenServerRespondsWithDifferentFID_ThenFIDDidChangeNotification`: the backend may
    /// register another ID than the one sent; it is kept and announced.
    @Test func anIDTheServerChangesIsKeptAndAnnounced() async throws {
        let handler: TestHTTPServer.Handler = { request in
            guard request.method == "POST", request.pathWithoutQuery.hasSuffix("/installations") else {
                return .text("not found", status: 404)
            }
            return .json(
                #"{"fid":"fGVzdC1zZXJ2ZXItZmlkLTAx","refreshToken":"refresh-1","authToken":{"token":"token-1","expiresIn":"604800s"}}"#
            )
        }
        try await withTestHTTPServer(handler) { server in
            let installations = try Installations.installations(app: makeInstallationsApp())
            try installations.useEmulator(withHost: server.host, port: server.port)
            let sent = try await installations.installationID()
            let received = changes(of: installations)
            #expect(try await installations.authToken(forcingRefresh: false).authToken == "token-1")
            #expect(try await installations.installationID() == "fGVzdC1zZXJ2ZXItZmlkLTAx")
            #expect(sent != "fGVzdC1zZXJ2ZXItZmlkLTAx")
            #expect(received.withLock { $0 } == ["fGVzdC1zZXJ2ZXItZmlkLTAx"])
        }
    }
}
