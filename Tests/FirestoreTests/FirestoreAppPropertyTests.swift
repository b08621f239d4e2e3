// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// `Firestore.app`, as Firebase's `app` property (and Flint's `Auth.app`).
@Suite("Firestore: the app property")
struct FirestoreAppPropertyTests {
    @Test func theInstanceKnowsItsApp() throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        #expect(try Firestore.firestore(app: app).app === app)
    }

    @Test func theAppIsHeldWeakly() async throws {
        var app: FlintApp? = try TestApp.make(libraries: [FirestoreLibrary.self])
        let instance = try Firestore.firestore(app: app!)
        weak let weakApp = app
        #expect(await app?.delete() == true)
        app = nil
        #expect(weakApp == nil)
        #expect(instance.app == nil)
    }
}
