// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintDatabase

/// `Database.app`, as Firebase's `app` property (and Flint's `Auth.app`).
@Suite("Database: the app property")
struct DatabaseAppPropertyTests {
    @Test func theInstanceKnowsItsApp() throws {
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        #expect(try Database.database(app: app).app === app)
    }

    @Test func theAppIsHeldWeakly() async throws {
        var app: FlintApp? = try TestApp.make(libraries: [DatabaseLibrary.self])
        let instance = try Database.database(app: app!)
        weak let weakApp = app
        #expect(await app?.delete() == true)
        app = nil
        #expect(weakApp == nil)
        #expect(instance.app == nil)
    }
}
