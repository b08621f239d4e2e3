// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: what other products see through the interop protocols")
struct AuthInteropTests {
    @Test func getTokenIsNilWithoutErrorWhenSignedOut() async throws {
        let fixture = try AuthFixture()
        let interop = try fixture.app.container.require(AuthInterop.self)
        #expect(try await interop.getToken(forcingRefresh: false) == nil)
        #expect(try await interop.getToken(forcingRefresh: true) == nil)
        #expect(interop.getUserID() == nil)
    }

    @Test func getTokenReturnsTheSignedInUsersIDToken() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let interop = try fixture.app.container.require(AuthInterop.self)
        #expect(
            try await interop.getToken(forcingRefresh: false) == (try await fixture.auth.signedInUser().getIDToken()))
        #expect(interop.getUserID() == user.uid)
    }

    @Test func getTokenFollowsTheFiveMinuteRule() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        let interop = try fixture.app.container.require(AuthInterop.self)
        let cached = try await interop.getToken(forcingRefresh: false)
        fixture.clock.advance(by: 3300)
        #expect(try await interop.getToken(forcingRefresh: false) != cached)
    }

    @Test func userInteropDescribesTheSignedInUser() async throws {
        let fixture = try AuthFixture()
        let user = try fixture.app.container.require(AuthUserInterop.self)
        #expect(user.currentUserID == nil)
        #expect(!user.isAnonymous)
        #expect(user.email == nil)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(user.currentUserID == ada.uid)
        #expect(!user.isAnonymous)
        #expect(user.email == adaEmail)
        try await fixture.auth.signInAnonymously()
        #expect(user.isAnonymous)
        #expect(user.email == nil)
    }

    @Test func signInThroughTheInteropIsVisibleToAuthAndItsListeners() async throws {
        let fixture = try AuthFixture()
        let states = UserRecorder()
        fixture.auth.addStateDidChangeListener(states.listener)
        let signIn = try fixture.app.container.require(AuthSignInInterop.self)
        let uid = try await signIn.signInAnonymously()
        #expect(fixture.auth.currentUser?.uid == uid)
        #expect(try await signIn.signInAnonymously() == uid)
        try signIn.signOut()
        #expect(fixture.auth.currentUser == nil)
        try signIn.signOut()
        #expect(states.uids == [nil, uid, nil])
    }

    @Test func userChangeListenersHearTheUIDNowAndOnEachChange() async throws {
        let fixture = try AuthFixture()
        let interop = try fixture.app.container.require(AuthInterop.self)
        let uids = Locked<[String?]>([])
        let registration = interop.addUserChangeListener { uid in uids.withLock { $0.append(uid) } }
        let uid = try await fixture.auth.signInAnonymously().user.uid
        try fixture.auth.signOut()
        registration.remove()
        _ = try await fixture.auth.signInAnonymously()
        #expect(uids.withLock { $0 } == [nil, uid, nil])
    }

    @Test func theFirebaseShapedSignInAnonymouslyIsPreferred() async throws {
        let fixture = try AuthFixture()
        let result = try await fixture.auth.signInAnonymously()  // AuthDataResult, not the interop's String
        let uid: String = try await fixture.auth.signInAnonymously()
        #expect(result.user.uid == uid)
    }

    @Test func theDocumentedAuthClientPatternWorksAgainstTheRealAuth() async throws {
        // The live client of FlintTesting's Testing guide, built on interop protocols only, runs unchanged on real Auth.
        let fixture = try AuthFixture()
        let auth = try fixture.app.container.require(AuthInterop.self)
        let signIn = try fixture.app.container.require(AuthSignInInterop.self)
        if auth.getUserID() == nil { _ = try await signIn.signInAnonymously() }
        let header = try await auth.getToken(forcingRefresh: false).map { "Bearer \($0)" }
        let token = try await fixture.auth.signedInUser().getIDToken()
        #expect(header == "Bearer \(token)")
    }
}
