// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// Deleting the app ends Auth's REST requests in flight at once with `networkError`, their connections closed.
@Suite("Auth over REST: requests end when the app is deleted")
struct RESTAuthDeletionTests {
    /// An app and its Auth pointed at `server` with `useEmulator`.
    private func emulatedApp(_ server: TestHTTPServer) throws -> (FlintApp, Auth) {
        let app = try TestApp.make(libraries: [AuthLibrary.self])
        let auth = try Auth.auth(app: app)
        auth.useEmulator(withHost: server.host, port: server.port)
        return (app, auth)
    }

    @Test func deletingTheAppEndsASignInInFlight() async throws {
        let late = TestHTTPResponse.json("{}").delayed(by: .seconds(300))
        try await withTestHTTPServer({ _ in late }) { server in
            let (app, auth) = try emulatedApp(server)
            let signIn = Task { try await auth.signIn(withEmail: adaEmail, password: adaPassword) }
            try await waitUntil { server.requests.count == 1 }
            await app.delete()
            let error = await #expect(throws: AuthErrorCode.self) { try await value(of: signIn) }
            #expect(error == .networkError)
            #expect(auth.currentUser == nil)
        }
    }

    @Test func aRequestAfterTheDeletionEndsAtOnceWithoutBeingSent() async throws {
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let (app, auth) = try emulatedApp(server)
            await app.delete()
            await #expect(throws: AuthErrorCode.networkError) { try await auth.sendPasswordReset(withEmail: adaEmail) }
            #expect(server.requests.isEmpty)
        }
    }
}
