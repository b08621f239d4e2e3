// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

// The client/test-value pattern (FlintTesting's Testing guide, Sources/Testing/FlintTesting.docc/Testing.md): feature code depends on a struct of closures, not on
// Flint; the live value is built from an app's interop components, the test value from plain closures.

/// What the feature code needs from Auth.
struct AuthClient: Sendable {
    var currentUserID: @Sendable () -> String?
    var idToken: @Sendable (_ forcingRefresh: Bool) async throws -> String?
    var signInAnonymously: @Sendable () async throws -> String
    var signOut: @Sendable () throws -> Void
}

extension AuthClient {
    /// The live client: backed by whatever serves `AuthInterop` and `AuthSignInInterop` in `app`.
    static func live(app: FlintApp) throws -> AuthClient {
        let auth = try app.container.require(AuthInterop.self)
        let signIn = try app.container.require(AuthSignInInterop.self)
        return AuthClient(
            currentUserID: { auth.getUserID() },
            idToken: { forcingRefresh in try await auth.getToken(forcingRefresh: forcingRefresh) },
            signInAnonymously: { try await signIn.signInAnonymously() },
            signOut: { try signIn.signOut() }
        )
    }

    /// A test client: someone is signed in and every call succeeds; replace closures to script failures.
    static func test(userID: String = "test-user", token: String = "test-token") -> AuthClient {
        AuthClient(
            currentUserID: { userID },
            idToken: { _ in token },
            signInAnonymously: { userID },
            signOut: {}
        )
    }
}

/// Feature code under test: makes sure someone is signed in and returns the header to send.
func authorizationHeader(_ client: AuthClient) async throws -> String? {
    if client.currentUserID() == nil {
        _ = try await client.signInAnonymously()
    }
    return try await client.idToken(false).map { "Bearer \($0)" }
}
