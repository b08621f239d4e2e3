// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

@Suite struct AuthTokenConvenienceTests {
    @Test func authTokenWithoutArgumentsServesTheCache() async throws {
        let backend = LocalInstallationsBackend()
        let installations = try Installations.installations(app: makeInstallationsApp(backend: backend))
        let first = try await installations.authToken()
        #expect(try await installations.authToken().authToken == first.authToken)
        #expect(backend.createCount == 1)
        #expect(backend.generateCount == 0)
    }
}
