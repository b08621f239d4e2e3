// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

@Suite struct DeleteDuringRefreshTests {
    @Test func aTokenFetchedForADeletedInstallationIsNotKept() async throws {
        let backend = GatedInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let old = try await installations.installationID()
        let fetch = Task { try await installations.authToken(forcingRefresh: false) }
        try await waitUntil { backend.gate.waiterCount == 1 }
        try await installations.delete()
        let new = try await installations.installationID()
        backend.gate.open()
        let error = await #expect(throws: InstallationsError.self) { try await value(of: fetch) }
        #expect(error?.code == .unknown)
        #expect(try await installations.installationID() == new)
        #expect(new != old)
        // The next token registers the new installation.
        _ = try await installations.authToken(forcingRefresh: false)
        #expect(backend.local.registeredInstallations.contains(new))
    }
}
