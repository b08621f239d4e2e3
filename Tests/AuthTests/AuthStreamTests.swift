// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: authStateChanges and idTokenChanges", .timeLimit(.minutes(3)))
struct AuthStreamTests {
    @Test func authStateChangesYieldsNilThenTheUserThenNil() async throws {
        let fixture = try AuthFixture()
        let states = fixture.auth.authStateChanges
        #expect(try await first(of: states) == .some(nil))
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(try await first(of: states) == ada)
        try fixture.auth.signOut()
        #expect(try await first(of: states) == .some(nil))
    }

    @Test func authStateChangesStartsWithTheSignedInUser() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(try await first(of: fixture.auth.authStateChanges) == ada)
    }

    @Test func idTokenChangesYieldsOnATokenRefresh() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let tokens = fixture.auth.idTokenChanges
        #expect(try await first(of: tokens) == ada)
        fixture.clock.advance(by: 1)
        let before = try await fixture.auth.signedInUser().getIDToken()
        let refreshed = try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        #expect(refreshed != before)
        #expect(try await first(of: tokens)?.uid == ada.uid)
    }

    @Test func idTokenChangesYieldsSignInAndSignOut() async throws {
        let fixture = try AuthFixture()
        let tokens = fixture.auth.idTokenChanges
        #expect(try await first(of: tokens) == .some(nil))
        let user = try await fixture.auth.signInAnonymously().user
        #expect(try await first(of: tokens) == user)
        try fixture.auth.signOut()
        #expect(try await first(of: tokens) == .some(nil))
    }

    @Test func aSlowConsumerOfAuthStateChangesGetsTheNewestState() async throws {
        let fixture = try AuthFixture()
        let states = fixture.auth.authStateChanges  // registers now: nil is buffered
        try await fixture.auth.signInAnonymously()
        try fixture.auth.signOut()
        let grace = try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword).user
        // Only the newest state was kept while nobody was reading.
        #expect(try await first(of: states) == grace)
    }

    @Test func everyStreamHasItsOwnListener() async throws {
        let fixture = try AuthFixture()
        let one = fixture.auth.authStateChanges
        let two = fixture.auth.authStateChanges
        let three = fixture.auth.idTokenChanges
        #expect(fixture.auth.listenerCount == 3)
        let user = try await fixture.auth.signInAnonymously().user
        #expect(try await first(of: one) == user)
        #expect(try await first(of: two) == user)
        #expect(try await first(of: three) == user)
    }

    // MARK: - Cancellation: the listener is removed

    /// The two streams, by name (for the test's arguments).
    enum AuthStream: String, CaseIterable, Sendable {
        case authStateChanges, idTokenChanges

        func of(_ auth: Auth) -> AsyncStream<User?> {
            switch self {
            case .authStateChanges: auth.authStateChanges
            case .idTokenChanges: auth.idTokenChanges
            }
        }
    }

    @Test(arguments: AuthStream.allCases)
    func cancellingALoopRemovesItsListener(_ stream: AuthStream) async throws {
        let fixture = try AuthFixture()
        let started = Gate()
        let consumer = Task {
            for await _ in stream.of(fixture.auth) {
                started.open()
            }
        }
        try await started.wait(timeout: defaultTestTimeout)
        #expect(fixture.auth.listenerCount == 1)
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { fixture.auth.listenerCount == 0 }
    }

    @Test func cancellingBeforeTheFirstValueRemovesTheListener() async throws {
        let fixture = try AuthFixture()
        let consumer = Task {
            for await _ in fixture.auth.authStateChanges {}
        }
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { fixture.auth.listenerCount == 0 }
    }

    @Test func breakingOutOfAuthStateChangesRemovesTheListener() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        let consumer = Task {
            for await user in fixture.auth.authStateChanges {
                #expect(user != nil)
                break
            }
        }
        try await value(of: consumer)
        #expect(fixture.auth.listenerCount == 0)
    }

    @Test func breakingOutOfIDTokenChangesRemovesTheListener() async throws {
        let fixture = try AuthFixture()
        let consumer = Task {
            for await user in fixture.auth.idTokenChanges {
                #expect(user == nil)
                break
            }
        }
        try await value(of: consumer)
        #expect(fixture.auth.listenerCount == 0)
    }

    @Test func droppingAStreamRemovesItsListener() throws {
        let fixture = try AuthFixture()
        do {
            let stream = fixture.auth.authStateChanges
            #expect(fixture.auth.listenerCount == 1)
            _ = stream
        }
        #expect(fixture.auth.listenerCount == 0)
    }

    @Test func aClientBuiltOnTheStreamMapsToDomainValues() async throws {
        // The client/test-value pattern: feature code sees `AsyncStream<String?>`; the live value wraps
        // Auth's stream, a test value is a plain stream.
        struct SessionClient: Sendable {
            var signedInEmails: @Sendable () -> AsyncStream<String?>
        }
        let fixture = try AuthFixture()
        let auth = fixture.auth
        let live = SessionClient(signedInEmails: {
            AsyncStream.listening(bufferingPolicy: .bufferingNewest(1)) { yield in
                auth.addStateDidChangeListener { _, user in yield(user?.email) }
            }
        })
        let test = SessionClient(signedInEmails: {
            AsyncStream {
                $0.yield("test@example.com")
                $0.finish()
            }
        })
        let emails = live.signedInEmails()
        #expect(try await first(of: emails) == .some(nil))
        try await auth.createUser(withEmail: adaEmail, password: adaPassword)
        #expect(try await first(of: emails) == adaEmail)
        #expect(try await collect(1, from: test.signedInEmails()) == ["test@example.com"])
    }

    // MARK: - App deletion finishes every stream

    @Test(arguments: AuthStream.allCases)
    func deletingTheAppFinishesALoopAndRemovesItsListener(_ stream: AuthStream) async throws {
        let fixture = try AuthFixture()
        let started = Gate()
        let consumer = Task {
            var values = 0
            for await _ in stream.of(fixture.auth) {
                values += 1
                started.open()
            }
            return values  // reached only when the stream finishes
        }
        try await started.wait(timeout: defaultTestTimeout)
        #expect(fixture.auth.listenerCount == 1)
        #expect(await fixture.app.delete())
        #expect(try await value(of: consumer) == 1)
        #expect(fixture.auth.listenerCount == 0)
    }

    @Test(arguments: AuthStream.allCases)
    func aStreamMadeAfterTheAppIsDeletedFinishesAtOnce(_ stream: AuthStream) async throws {
        let fixture = try AuthFixture()
        let auth = fixture.auth
        #expect(await fixture.app.delete())
        let consumer = Task {
            var values = 0
            for await _ in stream.of(auth) { values += 1 }
            return values
        }
        #expect(try await value(of: consumer) == 0)
        #expect(auth.listenerCount == 0)
    }

    @Test func deletingTheAppFinishesEveryStreamOfIt() async throws {
        let fixture = try AuthFixture()
        let other = try AuthFixture()
        let streams = [fixture.auth.authStateChanges, fixture.auth.idTokenChanges, fixture.auth.authStateChanges]
        let survivor = other.auth.authStateChanges
        #expect(fixture.auth.listenerCount == 3)
        #expect(await fixture.app.delete())
        for stream in streams {
            let drain = Task {
                var uids: [String?] = []
                for await user in stream { uids.append(user?.uid) }
                return uids
            }
            // The buffered current state (signed out), then the end.
            #expect(try await value(of: drain) == [nil])
        }
        #expect(other.auth.listenerCount == 1)
        _ = survivor
    }

    // MARK: - ID tokens change with every sign-in

    @Test func twoSignInsInTheSameSecondGiveDifferentTokensAndTwoNotifications() async throws {
        let fixture = try AuthFixture()  // the test clock does not move: both sign-ins have the same iat
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let first = try await fixture.auth.signedInUser().getIDToken()
        let tokens = UserRecorder()
        fixture.auth.addIDTokenDidChangeListener(tokens.listener)
        try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        let second = try await fixture.auth.signedInUser().getIDToken()
        #expect(first != second)
        #expect(try fixture.auth.getIDTokenResultClaims(second).iat == fixture.auth.getIDTokenResultClaims(first).iat)
        #expect(tokens.values.count == 2)
    }

    @Test func aRefreshReturningTheSameTokenNotifiesNoIDTokenListener() async throws {
        let local = LocalAuthBackend(projectID: "flint-test")
        let backend = SameTokenRefreshBackend(local: local)
        let fixture = try AuthFixture(backend: local, serving: backend)
        try await fixture.auth.signInAnonymously()
        let before = try await fixture.auth.signedInUser().getIDToken()
        let tokens = UserRecorder()
        fixture.auth.addIDTokenDidChangeListener(tokens.listener)
        let refreshed = try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        #expect(refreshed == before)
        #expect(backend.refreshes == 1)
        #expect(tokens.values.count == 1)  // only the call at registration
    }
}

extension Auth {
    /// The claims of `token` (for comparing tokens in tests).
    fileprivate func getIDTokenResultClaims(_ token: String) throws -> IDTokenClaims {
        try LocalJWT.decode(IDTokenClaims.self, from: token)
    }
}

/// A backend whose token refresh hands back the session of the last sign-in unchanged (same raw ID token).
private final class SameTokenRefreshBackend: AuthBackend {
    let local: LocalAuthBackend
    private let last = Locked<AuthBackendSession?>(nil)
    private let refreshCount = Locked(0)

    init(local: LocalAuthBackend) { self.local = local }

    var refreshes: Int { refreshCount.withLock { $0 } }

    private func remember(_ session: AuthBackendSession) -> AuthBackendSession {
        last.withLock { $0 = session }
        return session
    }

    func signUp(email: String, password: String) async throws -> AuthBackendSession {
        remember(try await local.signUp(email: email, password: password))
    }
    func signUpAnonymously() async throws -> AuthBackendSession { remember(try await local.signUpAnonymously()) }
    func signIn(email: String, password: String) async throws -> AuthBackendSession {
        remember(try await local.signIn(email: email, password: password))
    }
    func refreshSession(refreshToken: String) async throws -> AuthBackendSession {
        refreshCount.withLock { $0 += 1 }
        guard var session = last.withLock({ $0 }) else { throw AuthErrorCode.invalidUserToken }
        session.isNewUser = false
        return session
    }
    func updatePassword(idToken: String, newPassword: String) async throws -> AuthBackendSession {
        remember(try await local.updatePassword(idToken: idToken, newPassword: newPassword))
    }
    func deleteAccount(idToken: String) async throws { try await local.deleteAccount(idToken: idToken) }
    func sendPasswordResetEmail(email: String) async throws { try await local.sendPasswordResetEmail(email: email) }
    func confirmPasswordReset(code: String, newPassword: String) async throws {
        try await local.confirmPasswordReset(code: code, newPassword: newPassword)
    }
}
