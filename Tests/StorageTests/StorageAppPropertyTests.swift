// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintStorage

/// `Storage.app`, as Firebase's `app` property (and Flint's `Auth.app`).
@Suite("Storage: the app property")
struct StorageAppPropertyTests {
    @Test func theInstanceKnowsItsApp() throws {
        let app = try makeStorageApp()
        #expect(try Storage.storage(app: app).app === app)
    }

    @Test func theAppIsHeldWeakly() async throws {
        var app: FlintApp? = try makeStorageApp()
        let instance = try Storage.storage(app: app!)
        weak let weakApp = app
        #expect(await app?.delete() == true)
        app = nil
        #expect(weakApp == nil)
        #expect(instance.app == nil)
    }
}
