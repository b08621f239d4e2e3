// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintTesting
import Testing

/// The entry points without an `app` use `AppRegistry.shared`, which is process-wide: each test runs in a
/// child process (an exit test), so parallel tests never see the shared registry.
@Suite(.timeLimit(.minutes(3)))
struct StaticEntryPointTests {
    @Test func withoutADefaultAppTheEntryPointsThrowDefaultAppNotConfigured() async {
        await #expect(processExitsWith: .success) {
            try FlintApp.registerLibrary(FirestoreLibrary.self)
            for entryPoint in [{ try Firestore.firestore() }, { try Firestore.firestore(database: "archive") }] {
                do {
                    _ = try entryPoint()
                    preconditionFailure("expected ComponentError.defaultAppNotConfigured")
                } catch {
                    precondition(error as? ComponentError == .defaultAppNotConfigured)
                }
            }
        }
    }

    @Test func theEntryPointsWithoutAppUseTheDefaultApp() async {
        await #expect(processExitsWith: .success) {
            try FlintApp.registerLibrary(FirestoreLibrary.self)
            let app = try FlintApp.configure(options: .testing)
            let db = try Firestore.firestore()
            let archive = try Firestore.firestore(database: "archive")
            let viaApp = try Firestore.firestore(app: app)
            let archiveViaApp = try Firestore.firestore(app: app, database: "archive")
            precondition(db === viaApp && archive === archiveViaApp)
            try await db.document("c/d").setData(["n": 1])
            let read = try await Firestore.firestore(app: app).document("c/d").getDocument()
            precondition(read.get("n") == 1)
            await app.delete()
        }
    }
}
