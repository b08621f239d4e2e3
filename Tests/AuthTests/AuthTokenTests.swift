// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: ID tokens, the five-minute rule and refresh coalescing", .timeLimit(.minutes(3)))
struct AuthTokenTests {
    /// An app whose backend is a spy around a local backend; Auth and backend share `clock`.
    private func spiedFixture(gate: Gate? = nil) throws -> (AuthFixture, SpyAuthBackend) {
        let clock = TestClock()
        let local = LocalAuthBackend(projectID: "flint-test", now: clock.closure)
        let spy = SpyAuthBackend(local: local, refreshGate: gate)
        let fixture = try AuthFixture(clock: clock, backend: local, serving: spy)
        return (fixture, spy)
    }

    @Test func idTokensAreJWTsWithFirebasesClaims() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let token = try await fixture.auth.signedInUser().getIDToken()
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        for part in parts.prefix(2) {
            #expect(part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        }
        let claims = try LocalJWT.decode(IDTokenClaims.self, from: token)
        let now = Int(fixture.clock.now().timeIntervalSince1970)
        #expect(claims.sub == user.uid)
        #expect(claims.userID == user.uid)
        #expect(claims.iat == now)
        #expect(claims.authTime == now)
        #expect(claims.exp == now + 3600)
        #expect(claims.aud == "flint-test")
        #expect(claims.iss == "https://securetoken.google.com/flint-test")
        #expect(claims.email == adaEmail)
        #expect(claims.emailVerified == false)
        #expect(
            claims.firebase == IDTokenClaims.Firebase(identities: ["email": [adaEmail]], signInProvider: "password"))
    }

    @Test func theRawPayloadUsesFirebasesClaimNames() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        let token = try await fixture.auth.signedInUser().getIDToken()
        let payload = try #require(LocalJWT.data(base64URL: String(token.split(separator: ".")[1])))
        let json = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        for key in ["exp", "iat", "auth_time", "sub", "user_id", "iss", "aud", "firebase"] {
            #expect(json[key] != nil, "\(key)")
        }
        let firebase = try #require(json["firebase"] as? [String: Any])
        #expect(firebase["sign_in_provider"] as? String == "anonymous")
    }

    @Test func tokenResultDecodesTheClaims() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        let result = try await fixture.auth.signedInUser().getIDTokenResult()
        #expect(result.signInProvider == "anonymous")
        #expect(result.issuedAtDate == fixture.clock.now())
        #expect(result.authDate == fixture.clock.now())
        #expect(result.expirationDate == fixture.clock.now().addingTimeInterval(3600))
        #expect(result.token == (try await fixture.auth.signedInUser().getIDToken()))
        #expect(result.standardClaims.email == nil)
    }

    @Test func aTokenWithMoreThanFiveMinutesLeftIsServedFromTheCache() async throws {
        let (fixture, spy) = try spiedFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let first = try await fixture.auth.signedInUser().getIDToken()
        fixture.clock.advance(by: 3600 - 300 - 1)  // 5 min 1 s left
        #expect(try await fixture.auth.signedInUser().getIDToken() == first)
        #expect(spy.refreshRequests == 0)
    }

    @Test func aTokenWithFiveMinutesOrLessLeftIsRefreshed() async throws {
        let (fixture, spy) = try spiedFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let first = try await fixture.auth.signedInUser().getIDToken()
        fixture.clock.advance(by: 3600 - 300)  // exactly 5 min left: no longer valid
        let second = try await fixture.auth.signedInUser().getIDToken()
        #expect(second != first)
        #expect(spy.refreshRequests == 1)
        let claims = try LocalJWT.decode(IDTokenClaims.self, from: second)
        #expect(claims.iat == Int(fixture.clock.now().timeIntervalSince1970))
        // A refresh is not a new sign-in: auth_time stays.
        #expect(claims.authTime == Int(fixture.clock.now().timeIntervalSince1970) - 3300)
    }

    @Test func anExpiredTokenIsRefreshed() async throws {
        let (fixture, spy) = try spiedFixture()
        try await fixture.auth.signInAnonymously()
        fixture.clock.advance(by: 7200)
        let token = try await fixture.auth.signedInUser().getIDToken()
        let claims = try LocalJWT.decode(IDTokenClaims.self, from: token)
        #expect(TimeInterval(claims.exp) > fixture.clock.now().timeIntervalSince1970)
        #expect(spy.refreshRequests == 1)
    }

    @Test func forcingRefreshAlwaysAsksTheBackend() async throws {
        let (fixture, spy) = try spiedFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        fixture.clock.advance(by: 1)
        let first = try await fixture.auth.signedInUser().getIDToken()
        let forced = try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        #expect(forced != first)
        #expect(spy.refreshRequests == 1)
        #expect(try await fixture.auth.signedInUser().getIDToken() == forced)
        #expect(spy.refreshRequests == 1)
    }

    @Test func aRefreshKeepsTheRefreshTokenAndUser() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 10)
        _ = try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        #expect(fixture.auth.currentUser == user)
    }

    @Test func concurrentRefreshesShareOneRequest() async throws {
        let gate = Gate()
        let (fixture, spy) = try spiedFixture(gate: gate)
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        fixture.clock.advance(by: 3600)
        let callers = 8
        let tokens = Task {
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<callers {
                    group.addTask { try await fixture.auth.signedInUser().getIDToken() }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
        }
        // Every caller is waiting, and the one request is held at the gate.
        try await waitUntil { fixture.auth.refreshWaiterCount == callers && spy.refreshRequests == 1 }
        gate.open()
        let received = try await value(of: tokens)
        #expect(received.count == callers)
        #expect(Set(received).count == 1)
        #expect(spy.refreshRequests == 1)
        #expect(fixture.auth.refreshWaiterCount == 0)
    }

    @Test func refreshedTokensAreCachedForTheNextHour() async throws {
        let (fixture, spy) = try spiedFixture()
        try await fixture.auth.signInAnonymously()
        fixture.clock.advance(by: 3600)
        let refreshed = try await fixture.auth.signedInUser().getIDToken()
        fixture.clock.advance(by: 3000)
        #expect(try await fixture.auth.signedInUser().getIDToken() == refreshed)
        #expect(spy.refreshRequests == 1)
    }

    @Test func aRevokedSessionIsUserTokenExpiredAndSignsOut() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 10)
        try fixture.backend.revokeRefreshTokens(uid: user.uid)
        await #expect(throws: AuthErrorCode.userTokenExpired) {
            try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        }
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func aDisabledAccountIsSignedOutAtItsNextRefresh() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.backend.setDisabled(true, uid: user.uid)
        // The cached token is still handed out...
        _ = try await fixture.auth.signedInUser().getIDToken()
        // ...until a refresh.
        await #expect(throws: AuthErrorCode.userDisabled) {
            try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        }
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func aRefreshReportsAccountChangesMadeElsewhere() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.backend.setEmailVerified(true, uid: user.uid)
        #expect(fixture.auth.currentUser?.isEmailVerified == false)
        let result = try await fixture.auth.signedInUser().getIDTokenResult(forcingRefresh: true)
        #expect(result.standardClaims.emailVerified == true)
        #expect(fixture.auth.currentUser?.isEmailVerified == true)
    }
}
