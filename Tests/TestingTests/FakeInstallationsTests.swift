// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@Suite struct FakeInstallationsTests {
    @Test func returnsTheScriptedIDAndTokenAndRecordsCalls() async throws {
        let expiry = Date(timeIntervalSince1970: 2_000_000_000)
        let fake = FakeInstallations(installationID: "fid-1", authToken: "token-1", expirationDate: expiry)
        let installations: any InstallationsInterop = fake
        #expect(try await installations.installationID() == "fid-1")
        let token = try await installations.authToken(forcingRefresh: true)
        #expect(token.authToken == "token-1")
        #expect(token.expirationDate == expiry)
        _ = try await installations.authToken(forcingRefresh: false)
        #expect(fake.installationIDCallCount == 1)
        #expect(fake.authTokenCalls == [true, false])
    }

    @Test func scriptedErrorIsThrownByBothCalls() async {
        let fake = FakeInstallations()
        fake.error = FakeError("unavailable")
        await #expect(throws: FakeError("unavailable")) { try await fake.installationID() }
        await #expect(throws: FakeError("unavailable")) { try await fake.authToken(forcingRefresh: false) }
    }

    @Test func changingTheIDCallsListenersUntilRemoved() {
        let fake = FakeInstallations(installationID: "fid-1")
        let seen = Locked<[String]>([])
        let registration = fake.addInstallationIDChangeListener { id in seen.withLock { $0.append(id) } }
        fake.installationID = "fid-1"  // unchanged: not reported
        fake.installationID = "fid-2"
        registration.remove()
        fake.installationID = "fid-3"
        #expect(seen.withLock { $0 } == ["fid-2"])
        #expect(fake.listenerCount == 0)
    }

    @Test func componentsServeTheInstanceAsInstallationsInterop() throws {
        let fake = FakeInstallations()
        let app = try TestApp.make(overrides: fake.components)
        #expect(try app.container.require(InstallationsInterop.self) === fake)
    }
}
