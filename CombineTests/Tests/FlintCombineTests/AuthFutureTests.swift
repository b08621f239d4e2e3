// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Testing

@testable import FlintAuth

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

@Suite("Auth futures", .timeLimit(.minutes(1)))
struct AuthFutureTests {
    @Test func aWrongPasswordFailsWithTheAuthErrorCode() async throws {
        let fixture = try AuthFixture(configuration: .init(emailEnumerationProtection: false))
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(
            withEmail: adaEmail, password: "wrong-password")
        #expect(try await outcome(of: future).failure == .wrongPassword)
    }

    @Test func getIDTokenWithoutAUserFailsWithNullUser() async throws {
        let fixture = try AuthFixture()
        let future: Future<String, AuthErrorCode> = fixture.auth.getIDToken()
        #expect(try await outcome(of: future).failure == .nullUser)
        let result: Future<AuthTokenResult, AuthErrorCode> = fixture.auth.getIDTokenResult(forcingRefresh: true)
        #expect(try await outcome(of: result).failure == .nullUser)
    }

    @Test func signOutFutureSignsOutAtOnce() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        let future: Future<Void, AuthErrorCode> = fixture.auth.signOut()
        #expect(fixture.auth.currentUser == nil)  // before anyone subscribed
        try await outcome(of: future).get()
    }

    /// Calls the futures from a synchronous context, where they are the only candidates, and drops them.
    private func createWithoutSubscribing(_ auth: Auth) {
        auth.createUser(withEmail: adaEmail, password: adaPassword)
    }

    @Test func aFutureStartsWithoutASubscriber() async throws {
        let fixture = try AuthFixture()
        createWithoutSubscribing(fixture.auth)
        try await waitUntil { fixture.backend.account(email: adaEmail) != nil }
    }

    @Test func passwordAndAccountFutures() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await outcome(of: fixture.auth.updatePassword(to: "a-new-password") as Future<Void, AuthErrorCode>).get()
        let token = try await outcome(of: fixture.auth.getIDToken(forcingRefresh: true) as Future<_, AuthErrorCode>)
            .get()
        #expect(!token.isEmpty)
        try await outcome(of: fixture.auth.deleteCurrentUser() as Future<Void, AuthErrorCode>).get()
        #expect(fixture.backend.account(email: adaEmail) == nil)
        let revoke: Future<Void, AuthErrorCode> = fixture.auth.revokeToken(withAuthorizationCode: "code")
        #expect(try await outcome(of: revoke).failure == .operationNotAllowed)
    }
}
