// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Testing

@testable import FlintProductSupport

@Suite("CallerCredentials: who calls a backend")
struct CallerCredentialsTests {
    private struct Claims: Encodable {
        var sub: String?
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var user_id: String?  // the token's claim name
    }

    @Test func withoutAuthOrAppCheckTheCallerIsAnonymous() async throws {
        let credentials = CallerCredentials(auth: nil, appCheck: nil)
        #expect(credentials.isAnonymous)
        #expect(try await credentials.identity() == CallerIdentity())
    }

    @Test func aLocalJWTsSubjectIsTheUID() async throws {
        let auth = FakeAuth(userID: "from-get-user-id", token: LocalJWT.encode(Claims(sub: "from-sub")))
        #expect(try await CallerCredentials(auth: auth, appCheck: nil).identity().uid == "from-sub")
        let userIDClaim = FakeAuth(userID: "x", token: LocalJWT.encode(Claims(user_id: "from-user-id")))
        #expect(try await CallerCredentials(auth: userIDClaim, appCheck: nil).identity().uid == "from-user-id")
    }

    @Test func anOpaqueTokenFallsBackToGetUserID() async throws {
        let auth = FakeAuth(userID: "ada", token: "not-a-jwt")
        #expect(
            try await CallerCredentials(auth: auth, appCheck: nil).identity()
                == CallerIdentity(uid: "ada", idToken: "not-a-jwt"))
    }

    @Test func nobodySignedInHasNoUID() async throws {
        let identity = try await CallerCredentials(auth: FakeAuth(), appCheck: FakeAppCheck(token: "ac")).identity()
        #expect(identity == CallerIdentity(uid: nil, appCheckToken: "ac"))
    }

    @Test func aFailingTokenIsThrown() async {
        let auth = FakeAuth(userID: "ada")
        auth.getTokenError = FakeError("token service down")
        await #expect(throws: FakeError("token service down")) {
            try await CallerCredentials(auth: auth, appCheck: nil).identity()
        }
    }
}
