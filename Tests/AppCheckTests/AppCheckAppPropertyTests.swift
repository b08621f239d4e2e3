// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintAppCheck

/// `AppCheck.app`, as Firebase's `app` property (and Flint's `Auth.app`).
@Suite("AppCheck: the app property")
struct AppCheckAppPropertyTests {
    @Test func theInstanceKnowsItsApp() throws {
        let app = try TestApp.make(libraries: [AppCheckLibrary.self])
        #expect(try AppCheck.appCheck(app: app).app === app)
    }

    @Test func theAppIsHeldWeakly() async throws {
        var app: FlintApp? = try TestApp.make(libraries: [AppCheckLibrary.self])
        let instance = try AppCheck.appCheck(app: app!)
        weak let weakApp = app
        #expect(await app?.delete() == true)
        app = nil
        #expect(weakApp == nil)
        #expect(instance.app == nil)
    }
}
