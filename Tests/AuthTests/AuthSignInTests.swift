// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: creating users, signing in and out")
struct AuthSignInTests {
    @Test func nobodyIsSignedInAtFirst() throws {
        let fixture = try AuthFixture()
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func createUserSignsInAnEmailAndPasswordUser() async throws {
        let fixture = try AuthFixture()
        let result = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let user = result.user
        #expect(fixture.auth.currentUser == user)
        #expect(user.uid.count == 28)
        #expect(user.email == adaEmail)
        #expect(!user.isAnonymous)
        #expect(!user.isEmailVerified)
        #expect(user.providerData == [UserInfo(providerID: "password", uid: adaEmail, email: adaEmail)])
        #expect(user.metadata == UserMetadata(creationDate: fixture.clock.now(), lastSignInDate: fixture.clock.now()))
        #expect(user.providerID == "Firebase")
        #expect(user.refreshToken?.isEmpty == false)
        #expect(result.additionalUserInfo == AdditionalUserInfo(providerID: "password", isNewUser: true))
    }

    @Test func emailAddressesAreStoredLowercased() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: "Ada@Example.COM", password: adaPassword).user
        #expect(user.email == adaEmail)
        let again = try await fixture.auth.signIn(withEmail: "ADA@example.com", password: adaPassword).user
        #expect(again.uid == user.uid)
    }

    @Test func signInReturnsTheExistingAccountAndUpdatesLastSignIn() async throws {
        let fixture = try AuthFixture()
        let created = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        fixture.clock.advance(by: 600)
        let result = try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        #expect(result.user.uid == created.uid)
        #expect(result.additionalUserInfo == AdditionalUserInfo(providerID: "password", isNewUser: false))
        #expect(result.user.metadata.creationDate == created.metadata.creationDate)
        #expect(result.user.metadata.lastSignInDate == fixture.clock.now())
        #expect(fixture.auth.currentUser == result.user)
    }

    @Test func anonymousSignInCreatesAnAnonymousUser() async throws {
        let fixture = try AuthFixture()
        let result = try await fixture.auth.signInAnonymously()
        let user = result.user
        #expect(user.isAnonymous)
        #expect(user.email == nil)
        #expect(user.providerData.isEmpty)
        #expect(user.providerID == "Firebase")
        #expect(user.uid.count == 28)
        // As in the Swift SDK 12.19's signInAnonymously: AdditionalUserInfo(providerID: "", …, isNewUser: true).
        #expect(result.additionalUserInfo == AdditionalUserInfo(providerID: "", isNewUser: true))
        #expect(result.additionalUserInfo?.providerID == "")
        #expect(fixture.auth.currentUser == user)
    }

    @Test func anonymousSignInWhileAnonymousReturnsTheSameUser() async throws {
        let fixture = try AuthFixture()
        let first = try await fixture.auth.signInAnonymously().user
        let second = try await fixture.auth.signInAnonymously()
        #expect(second.user == first)
        #expect(second.additionalUserInfo?.isNewUser == false)
        #expect(second.additionalUserInfo?.providerID == "")
        #expect(fixture.backend.accounts.count == 1)
    }

    @Test func anonymousSignInWhileSignedInWithEmailReplacesTheUser() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let anonymous = try await fixture.auth.signInAnonymously().user
        #expect(anonymous.uid != ada.uid)
        #expect(fixture.auth.currentUser?.isAnonymous == true)
    }

    @Test func signOutSignsTheUserOut() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try fixture.auth.signOut()
        #expect(fixture.auth.currentUser == nil)
        await #expect(throws: AuthErrorCode.nullUser) { try await fixture.auth.signedInUser().getIDToken() }
    }

    @Test func signOutWithNobodySignedInIsANoOp() throws {
        let fixture = try AuthFixture()
        try fixture.auth.signOut()
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func signingInAnotherUserSwitchesUsers() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let grace = try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword).user
        #expect(ada.uid != grace.uid)
        #expect(fixture.auth.currentUser?.uid == grace.uid)
    }

    /// User is a class compared by identity, as the SDK's NSObject: the current user is the object the
    /// sign-in returned; a new sign-in of the same account is a new object.
    @Test func usersAreObjectsComparedByIdentity() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(fixture.auth.currentUser === user)
        #expect(fixture.auth.currentUser == user)
        #expect(user.id == user.uid)
        let again = try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword).user
        #expect(again !== user)
        #expect(again != user)
        #expect(again.uid == user.uid)
        #expect(Set([user, again, user]).count == 2)
    }

    @Test func concurrentSignInsLeaveOneConsistentUser() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword)
        let recorder = UserRecorder()
        fixture.auth.addIDTokenDidChangeListener(recorder.listener)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
                    } else {
                        try await fixture.auth.signIn(withEmail: graceEmail, password: gracePassword)
                    }
                }
            }
            try await group.waitForAll()
        }
        try await waitUntil { fixture.auth.listeners.isIdle }
        #expect(recorder.values.count == 21)
        // Listeners saw the changes in the order they happened: the last one is the current user.
        #expect(recorder.values.last??.uid == fixture.auth.currentUser?.uid)
    }
}
