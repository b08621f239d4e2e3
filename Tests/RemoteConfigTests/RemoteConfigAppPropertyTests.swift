// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintRemoteConfig

/// `RemoteConfig.app`, as Firebase's `app` property (and Flint's `Auth.app`).
@Suite("RemoteConfig: the app property")
struct RemoteConfigAppPropertyTests {
    @Test func theInstanceKnowsItsApp() throws {
        let app = try TestApp.make(libraries: [RemoteConfigLibrary.self], overrides: FakeInstallations().components)
        #expect(try RemoteConfig.remoteConfig(app: app).app === app)
    }

    @Test func theAppIsHeldWeakly() async throws {
        var app: FlintApp? = try TestApp.make(
            libraries: [RemoteConfigLibrary.self], overrides: FakeInstallations().components)
        let instance = try RemoteConfig.remoteConfig(app: app!)
        weak let weakApp = app
        #expect(await app?.delete() == true)
        app = nil
        #expect(weakApp == nil)
        #expect(instance.app == nil)
    }
}
