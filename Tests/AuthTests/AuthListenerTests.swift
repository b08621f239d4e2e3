// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// Listener semantics. Each change is delivered on the thread that made it before the call returns (no
/// other thread is delivering in these tests), so the recorders can be read right after each step.
@Suite("Auth: state and ID-token listeners", .timeLimit(.minutes(3)))
struct AuthListenerTests {
    @Test func aStateListenerIsCalledAtOnceWithNilWhenSignedOut() throws {
        let fixture = try AuthFixture()
        let recorder = UserRecorder()
        fixture.auth.addStateDidChangeListener(recorder.listener)
        #expect(recorder.uids == [nil])
    }

    @Test func aStateListenerIsCalledAtOnceWithTheSignedInUser() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let recorder = UserRecorder()
        fixture.auth.addStateDidChangeListener(recorder.listener)
        #expect(recorder.values == [ada])
    }

    @Test func aStateListenerSeesSignInSignOutAndUserSwitch() async throws {
        let fixture = try AuthFixture()
        let recorder = UserRecorder()
        fixture.auth.addStateDidChangeListener(recorder.listener)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let grace = try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword).user
        try fixture.auth.signOut()
        #expect(recorder.uids == [nil, ada.uid, grace.uid, nil])
    }

    @Test func aTokenRefreshCallsOnlyIDTokenListeners() async throws {
        let fixture = try AuthFixture()
        let state = UserRecorder()
        let idToken = UserRecorder()
        fixture.auth.addStateDidChangeListener(state.listener)
        fixture.auth.addIDTokenDidChangeListener(idToken.listener)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 1)
        _ = try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        #expect(state.uids == [nil, ada.uid])
        #expect(idToken.uids == [nil, ada.uid, ada.uid])
    }

    @Test func aCachedTokenCallsNoListener() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        let idToken = UserRecorder()
        fixture.auth.addIDTokenDidChangeListener(idToken.listener)
        _ = try await fixture.auth.signedInUser().getIDToken()
        #expect(idToken.values.count == 1)
    }

    @Test func signingInTheSameUserAgainCallsOnlyIDTokenListeners() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let state = UserRecorder()
        let idToken = UserRecorder()
        fixture.auth.addStateDidChangeListener(state.listener)
        fixture.auth.addIDTokenDidChangeListener(idToken.listener)
        try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        #expect(state.uids == [ada.uid])
        #expect(idToken.uids == [ada.uid, ada.uid])
    }

    @Test func signOutWithNobodySignedInCallsNoListener() throws {
        let fixture = try AuthFixture()
        let state = UserRecorder()
        let idToken = UserRecorder()
        fixture.auth.addStateDidChangeListener(state.listener)
        fixture.auth.addIDTokenDidChangeListener(idToken.listener)
        try fixture.auth.signOut()
        #expect(state.values.count == 1)
        #expect(idToken.values.count == 1)
    }

    @Test func anonymousSignInWhileAnonymousCallsNoListener() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        let state = UserRecorder()
        let idToken = UserRecorder()
        fixture.auth.addStateDidChangeListener(state.listener)
        fixture.auth.addIDTokenDidChangeListener(idToken.listener)
        try await fixture.auth.signInAnonymously()
        #expect(state.values.count == 1)
        #expect(idToken.values.count == 1)
    }

    @Test func aRemovedListenerIsNotCalledAgain() async throws {
        let fixture = try AuthFixture()
        let recorder = UserRecorder()
        let registration = fixture.auth.addStateDidChangeListener(recorder.listener)
        #expect(fixture.auth.listenerCount == 1)
        registration.remove()
        registration.remove()
        #expect(fixture.auth.listenerCount == 0)
        try await fixture.auth.signInAnonymously()
        #expect(recorder.uids == [nil])
    }

    @Test func aListenerMayCallBackIntoAuth() async throws {
        let fixture = try AuthFixture()
        let recorder = UserRecorder()
        fixture.auth.addStateDidChangeListener(recorder.listener)
        // Signs out as soon as someone signs in: the sign-out is delivered after the sign-in.
        fixture.auth.addStateDidChangeListener { auth, user in
            if user != nil { try? auth.signOut() }
        }
        let user = try await fixture.auth.signInAnonymously().user
        #expect(recorder.uids == [nil, user.uid, nil])
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func aListenerAddedInsideAListenerStartsWithTheStateOfThatMoment() async throws {
        let fixture = try AuthFixture()
        let inner = UserRecorder()
        let added = Locked(false)
        fixture.auth.addIDTokenDidChangeListener { auth, user in
            guard user != nil,
                added.withLock({ isAdded in
                    defer { isAdded = true }
                    return !isAdded
                })
            else { return }
            auth.addIDTokenDidChangeListener(inner.listener)
        }
        let user = try await fixture.auth.signInAnonymously().user
        try fixture.auth.signOut()
        #expect(inner.uids == [user.uid, nil])
    }

    @Test func listenersSeeChangesInOrderUnderConcurrency() async throws {
        let fixture = try AuthFixture()
        let recorder = UserRecorder()
        fixture.auth.addIDTokenDidChangeListener(recorder.listener)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await fixture.auth.signInAnonymously()
                    try fixture.auth.signOut()
                }
            }
            try await group.waitForAll()
        }
        try await waitUntil { fixture.auth.listeners.isIdle }
        let uids = recorder.uids
        // Delivered in the order of the changes: it ends signed out, and never repeats a state back to
        // back (sign-out when signed out and anonymous sign-in when anonymous change nothing).
        #expect(uids.first == .some(nil))
        #expect(uids.last == .some(nil))
        #expect(uids.count >= 3)
        #expect(zip(uids, uids.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test func removeStateDidChangeListenerStopsDelivery() async throws {
        let fixture = try AuthFixture()
        let recorder = UserRecorder()
        let handle = fixture.auth.addStateDidChangeListener(recorder.listener)
        #expect(fixture.auth.listenerCount == 1)
        fixture.auth.removeStateDidChangeListener(handle)
        #expect(fixture.auth.listenerCount == 0)
        try await fixture.auth.signInAnonymously()
        #expect(recorder.uids == [nil])
        fixture.auth.removeStateDidChangeListener(handle)  // a second removal does nothing
    }

    @Test func removeIDTokenDidChangeListenerStopsDelivery() async throws {
        let fixture = try AuthFixture()
        let recorder = UserRecorder()
        let kept = UserRecorder()
        let handle = fixture.auth.addIDTokenDidChangeListener(recorder.listener)
        fixture.auth.addIDTokenDidChangeListener(kept.listener)
        #expect(fixture.auth.listenerCount == 2)
        fixture.auth.removeIDTokenDidChangeListener(handle)
        #expect(fixture.auth.listenerCount == 1)
        let user = try await fixture.auth.signInAnonymously().user
        #expect(recorder.uids == [nil])
        #expect(kept.uids == [nil, user.uid])
    }

    @Test func aListenerAddedAfterTheAppIsDeletedIsNeverRegistered() async throws {
        let fixture = try AuthFixture()
        #expect(await fixture.app.delete())
        let recorder = UserRecorder()
        fixture.auth.addStateDidChangeListener(recorder.listener)
        fixture.auth.addIDTokenDidChangeListener(recorder.listener)
        #expect(fixture.auth.listenerCount == 0)
        #expect(recorder.values.isEmpty)
    }
}
