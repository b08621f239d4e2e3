// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: passwords, password reset and deleting accounts")
struct AuthAccountTests {
    @Test func updatePasswordChangesThePasswordAndKeepsTheUserSignedIn() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let idToken = UserRecorder()
        fixture.auth.addIDTokenDidChangeListener(idToken.listener)
        fixture.clock.advance(by: 60)
        let before = try await fixture.auth.signedInUser().getIDToken()
        try await fixture.auth.signedInUser().updatePassword(to: "difference-engine")
        #expect(fixture.auth.currentUser?.uid == ada.uid)
        #expect(try await fixture.auth.signedInUser().getIDToken() != before)
        #expect(idToken.uids == [ada.uid, ada.uid])
        try fixture.auth.signOut()
        await #expect(throws: AuthErrorCode.invalidCredential) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        }
        try await fixture.auth.signIn(withEmail: adaEmail, password: "difference-engine")
    }

    @Test func updatePasswordRejectsAWeakPassword() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        await #expect(throws: AuthErrorCode.weakPassword) {
            try await fixture.auth.signedInUser().updatePassword(to: "short")
        }
    }

    @Test func updatePasswordNeedsARecentSignIn() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        fixture.clock.advance(by: 301)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) {
            try await fixture.auth.signedInUser().updatePassword(to: "difference-engine")
        }
        #expect(fixture.auth.currentUser?.email == adaEmail)
        // Signing in again makes it recent.
        try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        try await fixture.auth.signedInUser().updatePassword(to: "difference-engine")
    }

    @Test func userDeleteDeletesTheAccountAndSignsOut() async throws {
        let fixture = try AuthFixture(configuration: .init(emailEnumerationProtection: false))
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let state = UserRecorder()
        fixture.auth.addStateDidChangeListener(state.listener)
        try await fixture.auth.signedInUser().delete()
        #expect(fixture.auth.currentUser == nil)
        #expect(state.uids == [ada.uid, nil])
        #expect(fixture.backend.account(uid: ada.uid) == nil)
        await #expect(throws: AuthErrorCode.userNotFound) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        }
    }

    @Test func deletingAnAnonymousUserWorks() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        try await fixture.auth.signedInUser().delete()
        #expect(fixture.backend.account(uid: user.uid) == nil)
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func userDeleteNeedsARecentSignIn() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 600)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) { try await fixture.auth.signedInUser().delete() }
        #expect(fixture.backend.account(uid: ada.uid) != nil)
        #expect(fixture.auth.currentUser?.uid == ada.uid)
    }

    @Test func sendPasswordResetSendsACodeThatSetsANewPassword() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try fixture.auth.signOut()
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let email = try #require(fixture.backend.sentEmails.first)
        #expect(fixture.backend.sentEmails.count == 1)
        #expect(email.kind == .passwordReset)
        #expect(email.email == adaEmail)
        #expect(email.sentAt == fixture.clock.now())
        try await fixture.auth.confirmPasswordReset(withCode: email.code, newPassword: "difference-engine")
        try await fixture.auth.signIn(withEmail: adaEmail, password: "difference-engine")
        #expect(fixture.auth.currentUser?.email == adaEmail)
    }

    @Test func aResetCodeWorksOnce() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let code = try #require(fixture.backend.sentEmails.first?.code)
        try await fixture.auth.confirmPasswordReset(withCode: code, newPassword: "difference-engine")
        await #expect(throws: AuthErrorCode.invalidActionCode) {
            try await fixture.auth.confirmPasswordReset(withCode: code, newPassword: "another-password")
        }
        await #expect(throws: AuthErrorCode.invalidActionCode) {
            try await fixture.auth.confirmPasswordReset(withCode: "made-up", newPassword: "another-password")
        }
    }

    @Test func anExpiredResetCodeIsExpiredActionCode() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let code = try #require(fixture.backend.sentEmails.first?.code)
        fixture.clock.advance(by: 3600)
        await #expect(throws: AuthErrorCode.expiredActionCode) {
            try await fixture.auth.confirmPasswordReset(withCode: code, newPassword: "difference-engine")
        }
    }

    @Test func aResetRejectsAWeakPassword() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let code = try #require(fixture.backend.sentEmails.first?.code)
        await #expect(throws: AuthErrorCode.weakPassword) {
            try await fixture.auth.confirmPasswordReset(withCode: code, newPassword: "abc")
        }
    }

    @Test func withEnumerationProtectionAResetForAnUnknownEmailSucceedsSilently() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.sendPasswordReset(withEmail: "nobody@example.com")
        #expect(fixture.backend.sentEmails.isEmpty)
    }

    @Test func withoutEnumerationProtectionAResetForAnUnknownEmailIsUserNotFound() async throws {
        let fixture = try AuthFixture(configuration: .init(emailEnumerationProtection: false))
        await #expect(throws: AuthErrorCode.userNotFound) {
            try await fixture.auth.sendPasswordReset(withEmail: "nobody@example.com")
        }
        #expect(fixture.backend.sentEmails.isEmpty)
    }

    @Test func aPasswordResetRevokesExistingSessions() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        fixture.clock.advance(by: 1)
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let code = try #require(fixture.backend.sentEmails.first?.code)
        try await fixture.auth.confirmPasswordReset(withCode: code, newPassword: "difference-engine")
        await #expect(throws: AuthErrorCode.userTokenExpired) {
            try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        }
        #expect(fixture.auth.currentUser == nil)
    }
}
