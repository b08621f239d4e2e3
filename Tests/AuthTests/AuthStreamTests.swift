@testable import FlintAuth
import FlintCore
import FlintTesting
import Foundation
import Testing

@Suite("Auth: authStateChanges and idTokenChanges", .timeLimit(.minutes(1)))
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
        let before = try await fixture.auth.getIDToken()
        let refreshed = try await fixture.auth.getIDToken(forcingRefresh: true)
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
        let states = fixture.auth.authStateChanges   // registers now: nil is buffered
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
        try await started.wait(timeout: .seconds(5))
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
        let test = SessionClient(signedInEmails: { AsyncStream { $0.yield("test@example.com"); $0.finish() } })
        let emails = live.signedInEmails()
        #expect(try await first(of: emails) == .some(nil))
        try await auth.createUser(withEmail: adaEmail, password: adaPassword)
        #expect(try await first(of: emails) == adaEmail)
        #expect(try await collect(1, from: test.signedInEmails()) == ["test@example.com"])
    }
}
