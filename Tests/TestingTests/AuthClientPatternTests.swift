// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

@Suite struct AuthClientPatternTests {
    @Test func featureCodeRunsAgainstTheTestValue() async throws {
        #expect(try await authorizationHeader(.test(token: "abc")) == "Bearer abc")
    }

    @Test func aTestValueClosureCanBeReplacedToScriptAFailure() async throws {
        var client = AuthClient.test()
        client.idToken = { _ in throw FakeError("token expired") }
        await #expect(throws: FakeError("token expired")) { try await authorizationHeader(client) }
    }

    @Test func theLiveValueIsBackedByTheAppsAuthInterop() async throws {
        let auth = FakeAuth(token: "live-token", anonymousUserID: "anon-7")
        let app = try TestApp.make(overrides: auth.components)
        let client = try AuthClient.live(app: app)
        #expect(try await authorizationHeader(client) == "Bearer live-token")
        #expect(auth.signInAnonymouslyCallCount == 1)
        #expect(auth.getTokenCalls == [false])
        #expect(client.currentUserID() == "anon-7")
    }

    @Test func theLiveValueSkipsSignInWhenSomeoneIsSignedIn() async throws {
        let auth = FakeAuth(userID: "alice")
        let client = try AuthClient.live(app: TestApp.make(overrides: auth.components))
        _ = try await authorizationHeader(client)
        #expect(auth.signInAnonymouslyCallCount == 0)
    }

    @Test func theLiveValueNeedsAuthInTheApp() throws {
        let app = try TestApp.make()
        #expect(throws: ComponentError.notRegistered(type: String(reflecting: (any AuthInterop).self))) {
            try AuthClient.live(app: app)
        }
    }
}
