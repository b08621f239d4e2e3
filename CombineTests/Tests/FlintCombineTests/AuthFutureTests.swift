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

    @Test func getIDTokenOfASignedOutUserFailsWithNullUser() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        try fixture.auth.signOut()
        let future: Future<String, AuthErrorCode> = user.getIDToken()
        #expect(try await outcome(of: future).failure == .nullUser)
        let result: Future<AuthTokenResult, AuthErrorCode> = user.getIDTokenResult(forcingRefresh: true)
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
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await outcome(of: user.updatePassword(to: "a-new-password") as Future<Void, AuthErrorCode>).get()
        let token = try await outcome(of: user.getIDToken(forcingRefresh: true) as Future<_, AuthErrorCode>).get()
        #expect(!token.isEmpty)
        let change = user.createProfileChangeRequest()
        change.displayName = "Ada"
        try await outcome(of: change.commitChanges() as Future<Void, AuthErrorCode>).get()
        try await outcome(of: user.reload() as Future<Void, AuthErrorCode>).get()
        #expect(user.displayName == "Ada")
        try await outcome(of: user.delete() as Future<Void, AuthErrorCode>).get()
        #expect(fixture.backend.account(email: adaEmail) == nil)
        let revoke: Future<Void, AuthErrorCode> = fixture.auth.revokeToken(withAuthorizationCode: "code")
        #expect(try await outcome(of: revoke).failure == .operationNotAllowed)
    }

    @Test func linkAndCredentialSignInFutures() async throws {
        let fixture = try AuthFixture()
        let anonymous = try await fixture.auth.signInAnonymously().user
        let credential = EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword)
        let linked = try await outcome(of: anonymous.link(with: credential) as Future<_, AuthErrorCode>).get()
        #expect(linked.user.uid == anonymous.uid)
        #expect(!anonymous.isAnonymous)
        try fixture.auth.signOut()
        let signedIn = try await outcome(of: fixture.auth.signIn(with: credential) as Future<_, AuthErrorCode>).get()
        #expect(signedIn.user.uid == anonymous.uid)
        let again = try await outcome(of: signedIn.user.reauthenticate(with: credential) as Future<_, AuthErrorCode>)
            .get()
        #expect(again.user.uid == anonymous.uid)
        let unlinked = try await outcome(of: signedIn.user.unlink(fromProvider: "password") as Future<_, AuthErrorCode>)
            .get()
        #expect(unlinked.providerData.isEmpty)
    }
}
