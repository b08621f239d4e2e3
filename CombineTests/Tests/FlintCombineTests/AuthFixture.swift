// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting

@testable import FlintAuth

/// An app of its own with Auth on the embedded backend and a test clock.
struct AuthFixture {
    let app: FlintApp
    let auth: Auth
    let backend: LocalAuthBackend
    let clock = TestClock()

    init(configuration: LocalAuthBackend.Configuration = .init()) throws {
        let backend = LocalAuthBackend(projectID: "flint-test", configuration: configuration, now: clock.closure)
        app = try TestApp.make(
            libraries: [AuthLibrary.self],
            overrides: [AuthLibrary.backend(backend), AuthLibrary.settings(AuthSettings(now: clock.closure))])
        auth = try Auth.auth(app: app)
        self.backend = backend
    }
}

let adaEmail = "ada@example.com"
let adaPassword = "analytical-engine"
let graceEmail = "grace@example.com"
let gracePassword = "compiler-1952"
