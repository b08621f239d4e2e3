// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintInstallations

/// `Installations.app`, as Firebase's `app` property (and Flint's `Auth.app`).
@Suite("Installations: the app property")
struct InstallationsAppPropertyTests {
    @Test func theInstanceKnowsItsApp() throws {
        let app = try makeInstallationsApp()
        #expect(try Installations.installations(app: app).app === app)
    }

    @Test func theAppIsHeldWeakly() async throws {
        var app: FlintApp? = try makeInstallationsApp()
        let instance = try Installations.installations(app: app!)
        weak let weakApp = app
        #expect(await app?.delete() == true)
        app = nil
        #expect(weakApp == nil)
        #expect(instance.app == nil)
    }
}
