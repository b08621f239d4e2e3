// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintMessaging

/// `Messaging.app`, as Firebase's `app` property (and Flint's `Auth.app`).
@Suite("Messaging: the app property")
struct MessagingAppPropertyTests {
    @Test func theInstanceKnowsItsApp() throws {
        let app = try makeMessagingApp()
        #expect(try Messaging.messaging(app: app).app === app)
    }

    @Test func theAppIsHeldWeakly() async throws {
        var app: FlintApp? = try makeMessagingApp()
        let instance = try Messaging.messaging(app: app!)
        weak let weakApp = app
        #expect(await app?.delete() == true)
        app = nil
        #expect(weakApp == nil)
        #expect(instance.app == nil)
    }
}
