// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFunctions

/// `Functions.app`, as Firebase's `app` property (and Flint's `Auth.app`).
@Suite("Functions: the app property")
struct FunctionsAppPropertyTests {
    @Test func theInstanceKnowsItsApp() throws {
        let app = try makeFunctionsApp()
        #expect(try Functions.functions(app: app).app === app)
    }

    @Test func theAppIsHeldWeakly() async throws {
        var app: FlintApp? = try makeFunctionsApp()
        let instance = try Functions.functions(app: app!)
        weak let weakApp = app
        #expect(await app?.delete() == true)
        app = nil
        #expect(weakApp == nil)
        #expect(instance.app == nil)
    }
}
