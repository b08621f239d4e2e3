// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

@Suite struct FakeAuthTests {
    @Test func signedOutByDefault() async throws {
        let auth = FakeAuth()
        #expect(auth.currentUserID == nil)
        #expect(auth.getUserID() == nil)
        #expect(!auth.isAnonymous)
        #expect(auth.email == nil)
        #expect(try await auth.getToken(forcingRefresh: false) == nil)
    }

    @Test func getTokenReturnsTheTokenWhileSignedIn() async throws {
        let auth = FakeAuth(userID: "alice", token: "alice-token")
        #expect(try await auth.getToken(forcingRefresh: false) == "alice-token")
        auth.token = "rotated"
        #expect(try await auth.getToken(forcingRefresh: true) == "rotated")
    }

    @Test func getTokenRecordsEveryForcingRefreshArgumentInOrder() async throws {
        let auth = FakeAuth(userID: "alice")
        _ = try await auth.getToken(forcingRefresh: false)
        _ = try await auth.getToken(forcingRefresh: true)
        _ = try await auth.getToken(forcingRefresh: false)
        #expect(auth.getTokenCalls == [false, true, false])
    }

    @Test func getTokenThrowsTheInjectedErrorAndStillRecordsTheCall() async throws {
        let auth = FakeAuth(userID: "alice")
        auth.getTokenError = FakeError("network down")
        await #expect(throws: FakeError("network down")) { try await auth.getToken(forcingRefresh: true) }
        #expect(auth.getTokenCalls == [true])
        auth.getTokenError = nil
        #expect(try await auth.getToken(forcingRefresh: false) == "fake-id-token")
    }

    @Test func getUserIDReturnsTheUserAndCountsCalls() {
        let auth = FakeAuth(userID: "alice")
        #expect(auth.getUserID() == "alice")
        #expect(auth.getUserID() == "alice")
        #expect(auth.getUserIDCallCount == 2)
    }

    @Test func initialUserStateIsSettable() {
        let auth = FakeAuth(userID: "bob", email: "bob@example.com", isAnonymous: false)
        #expect(auth.currentUserID == "bob")
        #expect(auth.email == "bob@example.com")
        #expect(!auth.isAnonymous)
    }

    @Test func signInAnonymouslySignsInTheAnonymousUser() async throws {
        let auth = FakeAuth(anonymousUserID: "anon-42")
        let uid = try await auth.signInAnonymously()
        #expect(uid == "anon-42")
        #expect(auth.currentUserID == "anon-42")
        #expect(auth.getUserID() == "anon-42")
        #expect(auth.isAnonymous)
        #expect(auth.signInAnonymouslyCallCount == 1)
        #expect(try await auth.getToken(forcingRefresh: false) == "fake-id-token")
    }

    @Test func signInAnonymouslyWhileAnonymousKeepsTheSameUser() async throws {
        let auth = FakeAuth(anonymousUserID: "anon-1")
        _ = try await auth.signInAnonymously()
        auth.anonymousUserID = "anon-2"
        #expect(try await auth.signInAnonymously() == "anon-1")
        #expect(auth.signInAnonymouslyCallCount == 2)
    }

    @Test func signInAnonymouslyReplacesANonAnonymousUser() async throws {
        let auth = FakeAuth(userID: "alice", email: "alice@example.com", anonymousUserID: "anon-1")
        #expect(try await auth.signInAnonymously() == "anon-1")
        #expect(auth.currentUserID == "anon-1")
        #expect(auth.email == nil)
        #expect(auth.isAnonymous)
    }

    @Test func signInAnonymouslyThrowsTheInjectedErrorAndLeavesTheUserAlone() async throws {
        let auth = FakeAuth()
        auth.signInError = FakeError("disabled")
        await #expect(throws: FakeError("disabled")) { try await auth.signInAnonymously() }
        #expect(auth.currentUserID == nil)
        #expect(auth.signInAnonymouslyCallCount == 1)
    }

    @Test func signOutClearsTheUser() async throws {
        let auth = FakeAuth(userID: "alice", email: "alice@example.com", isAnonymous: true)
        try auth.signOut()
        #expect(auth.currentUserID == nil)
        #expect(auth.email == nil)
        #expect(!auth.isAnonymous)
        #expect(auth.signOutCallCount == 1)
        #expect(try await auth.getToken(forcingRefresh: false) == nil)
    }

    @Test func signOutThrowsTheInjectedErrorAndKeepsTheUser() {
        let auth = FakeAuth(userID: "alice")
        auth.signOutError = FakeError("keychain")
        #expect(throws: FakeError("keychain")) { try auth.signOut() }
        #expect(auth.currentUserID == "alice")
        #expect(auth.signOutCallCount == 1)
    }

    @Test func simulatedSignInAndOutChangeStateWithoutRecording() {
        let auth = FakeAuth()
        auth.simulateSignIn(userID: "carol", email: "carol@example.com")
        #expect(auth.currentUserID == "carol")
        #expect(auth.email == "carol@example.com")
        auth.simulateSignOut()
        #expect(auth.currentUserID == nil)
        #expect(auth.email == nil)
        #expect(auth.signInAnonymouslyCallCount == 0)
        #expect(auth.signOutCallCount == 0)
    }

    @Test func settingCurrentUserIDToNilClearsEmailAndAnonymity() {
        let auth = FakeAuth(userID: "dave", email: "dave@example.com", isAnonymous: true)
        auth.currentUserID = nil
        #expect(auth.email == nil)
        #expect(!auth.isAnonymous)
    }

    @Test func resetRecordedCallsForgetsCallsButKeepsState() async throws {
        let auth = FakeAuth(userID: "alice")
        _ = try await auth.getToken(forcingRefresh: true)
        _ = auth.getUserID()
        try auth.signOut()
        _ = try await auth.signInAnonymously()
        auth.resetRecordedCalls()
        #expect(auth.getTokenCalls == [])
        #expect(auth.getUserIDCallCount == 0)
        #expect(auth.signOutCallCount == 0)
        #expect(auth.signInAnonymouslyCallCount == 0)
        #expect(auth.currentUserID == "fake-anonymous-uid")
    }

    @Test func concurrentCallsAreAllRecorded() async throws {
        let auth = FakeAuth(userID: "alice")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { _ = try await auth.getToken(forcingRefresh: index.isMultiple(of: 2)) }
            }
            try await group.waitForAll()
        }
        let calls = auth.getTokenCalls
        #expect(calls.count == 200)
        #expect(calls.filter { $0 }.count == 100)
    }

    @Test func componentsServeOneInstanceAsAllThreeAuthProtocols() throws {
        let auth = FakeAuth(userID: "alice")
        let app = try TestApp.make(overrides: auth.components)
        #expect(try app.container.require(AuthInterop.self) === auth)
        #expect(try app.container.require(AuthUserInterop.self) === auth)
        #expect(try app.container.require(AuthSignInInterop.self) === auth)
    }

    @Test func userChangeListenersHearEveryUIDChangeUntilRemoved() async throws {
        let auth = FakeAuth(userID: "alice")
        let uids = Locked<[String?]>([])
        let registration = auth.addUserChangeListener { uid in uids.withLock { $0.append(uid) } }
        auth.simulateSignIn(userID: "alice")  // the same uid: no change
        auth.simulateSignIn(userID: "bob")
        try auth.signOut()
        _ = try await auth.signInAnonymously()
        auth.currentUserID = "carol"
        #expect(uids.withLock { $0 } == ["bob", nil, "fake-anonymous-uid", "carol"])
        #expect(auth.userChangeListenerCount == 1)
        registration.remove()
        #expect(auth.userChangeListenerCount == 0)
        auth.simulateSignOut()
        #expect(uids.withLock { $0 }.count == 4)
    }
}
