// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

@Suite("App Check: tokens, caching and refresh", .timeLimit(.minutes(3)))
struct AppCheckTokenTests {
    // MARK: The debug provider

    @Test func theDebugProviderIssuesJWTsForTheApp() async throws {
        let clock = TestClock()
        let app = try TestApp.make()
        let provider = AppCheckDebugProvider(app: app, debugToken: "debug-secret", now: clock.closure)
        let token = try await provider.getToken()
        let claims = try LocalJWT.decode(AppCheckTokenClaims.self, from: token.token)
        let now = Int(clock.now().timeIntervalSince1970)
        #expect(token.token.split(separator: ".", omittingEmptySubsequences: false).count == 3)
        #expect(claims.sub == "1:1234567890:ios:0123456789abcdef")
        #expect(claims.iss == "https://firebaseappcheck.googleapis.com/1234567890")
        #expect(claims.aud == ["projects/1234567890", "projects/flint-test"])
        #expect(claims.provider == "debug")
        #expect(claims.iat == now)
        #expect(claims.exp == now + 3600)
        #expect(token.expirationDate == clock.now().addingTimeInterval(3600))
        #expect(provider.debugToken == "debug-secret")
        #expect(AppCheckTokenClaims(unsignedJWT: token.token) == claims)
        #expect(claims.unsignedJWT == token.token)
        #expect(AppCheckTokenClaims(unsignedJWT: "a.b.c") == nil)
    }

    @Test func everyDebugTokenIsUnique() async throws {
        let provider = AppCheckDebugProvider(app: try TestApp.make())
        let first = try await provider.getToken()
        let second = try await provider.getToken()
        let limited = try await provider.getLimitedUseToken()
        #expect(Set([first.token, second.token, limited.token]).count == 3)
        let ids = try [first, second, limited].map { try LocalJWT.decode(AppCheckTokenClaims.self, from: $0.token).jti }
        #expect(Set(ids).count == 3)
    }

    @Test func theDebugFactoryCarriesLifetimeClockAndSecret() async throws {
        let clock = TestClock()
        let factory = AppCheckDebugProviderFactory(debugToken: "secret", tokenLifetime: 1800, now: clock.closure)
        let provider = try #require(factory.createProvider(with: try TestApp.make()) as? AppCheckDebugProvider)
        #expect(provider.debugToken == "secret")
        #expect(try await provider.getToken().expirationDate == clock.now().addingTimeInterval(1800))
    }

    @Test func aNonPositiveLifetimeIsInvalidConfiguration() async throws {
        let app = try TestApp.make(
            libraries: [AppCheckLibrary.self],
            overrides: [AppCheckLibrary.providerFactory(AppCheckDebugProviderFactory(tokenLifetime: 0))])
        let appCheck = try AppCheck.appCheck(app: app)
        await #expect(throws: AppCheckErrorCode.invalidConfiguration) {
            try await appCheck.token(forcingRefresh: false)
        }
        await #expect(throws: AppCheckErrorCode.invalidConfiguration) { try await appCheck.limitedUseToken() }
    }

    @Test func theDefaultLibraryHandsOutDebugTokens() async throws {
        let app = try TestApp.make(libraries: [AppCheckLibrary.self])
        let token = try await AppCheck.appCheck(app: app).token(forcingRefresh: false)
        #expect(try LocalJWT.decode(AppCheckTokenClaims.self, from: token.token).provider == "debug")
    }

    // MARK: Caching

    @Test func theTokenIsCached() async throws {
        let fixture = try AppCheckFixture()
        let first = try await fixture.appCheck.token(forcingRefresh: false)
        let second = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(first == second)
        #expect(fixture.provider.tokenRequests == 1)
    }

    @Test func aTokenWithMoreThanFiveMinutesLeftIsServedFromTheCache() async throws {
        let fixture = try AppCheckFixture()
        let first = try await fixture.appCheck.token(forcingRefresh: false)
        fixture.clock.advance(by: 3600 - 300 - 1)
        #expect(try await fixture.appCheck.token(forcingRefresh: false) == first)
        #expect(fixture.provider.tokenRequests == 1)
    }

    @Test func aTokenNearExpiryIsRefreshed() async throws {
        let fixture = try AppCheckFixture()
        let first = try await fixture.appCheck.token(forcingRefresh: false)
        fixture.clock.advance(by: 3600 - 300)
        let second = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(second != first)
        #expect(second.token == "token-2")
        #expect(fixture.provider.tokenRequests == 2)
    }

    @Test func forcingRefreshAlwaysAsksTheProvider() async throws {
        let fixture = try AppCheckFixture()
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        let forced = try await fixture.appCheck.token(forcingRefresh: true)
        #expect(forced.token == "token-2")
        #expect(try await fixture.appCheck.token(forcingRefresh: false) == forced)
        #expect(fixture.provider.tokenRequests == 2)
    }

    @Test func concurrentRefreshesShareOneRequest() async throws {
        let gate = Gate()
        let fixture = try AppCheckFixture(gate: gate)
        let callers = 8
        let tokens = Task {
            try await withThrowingTaskGroup(of: AppCheckToken.self) { group in
                for _ in 0..<callers {
                    group.addTask { try await fixture.appCheck.token(forcingRefresh: false) }
                }
                return try await group.reduce(into: [AppCheckToken]()) { $0.append($1) }
            }
        }
        try await waitUntil { fixture.appCheck.refreshWaiterCount == callers && fixture.provider.tokenRequests == 1 }
        gate.open()
        let received = try await value(of: tokens)
        #expect(received.count == callers)
        #expect(Set(received.map(\.token)) == ["token-1"])
        #expect(fixture.provider.tokenRequests == 1)
    }

    @Test func providerErrorsAreThrownWrappedAndNothingIsCached() async throws {
        let fixture = try AppCheckFixture()
        fixture.provider.error = FakeError("attestation failed")
        let error = await #expect(throws: AppCheckError.self) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        #expect(error?.code == .unknown)
        #expect(error?.underlyingError as? FakeError == FakeError("attestation failed"))
        fixture.provider.error = nil
        #expect(try await fixture.appCheck.token(forcingRefresh: false).token == "token-2")
    }

    @Test func aFailedRefreshKeepsTheCachedToken() async throws {
        let fixture = try AppCheckFixture()
        let cached = try await fixture.appCheck.token(forcingRefresh: false)
        fixture.provider.error = AppCheckErrorCode.serverUnreachable
        await #expect(throws: AppCheckErrorCode.serverUnreachable) {
            try await fixture.appCheck.token(forcingRefresh: true)
        }
        #expect(try await fixture.appCheck.token(forcingRefresh: false) == cached)
    }

    // MARK: Limited-use tokens

    @Test func limitedUseTokensAreNeverCached() async throws {
        let fixture = try AppCheckFixture()
        let first = try await fixture.appCheck.limitedUseToken()
        let second = try await fixture.appCheck.limitedUseToken()
        #expect(first.token == "limited-1")
        #expect(second.token == "limited-2")
        #expect(fixture.provider.limitedUseRequests == 2)
    }

    @Test func limitedUseTokensLeaveTheCachedTokenAlone() async throws {
        let fixture = try AppCheckFixture()
        let cached = try await fixture.appCheck.token(forcingRefresh: false)
        _ = try await fixture.appCheck.limitedUseToken()
        #expect(try await fixture.appCheck.token(forcingRefresh: false) == cached)
        #expect(fixture.provider.tokenRequests == 1)
    }

    @Test func aProviderWithoutLimitedUseTokensHandsOutRegularOnes() async throws {
        struct PlainProvider: AppCheckProvider {
            func getToken() async throws -> AppCheckToken {
                AppCheckToken(token: "plain", expirationDate: .distantFuture)
            }
        }
        #expect(try await PlainProvider().getLimitedUseToken().token == "plain")
    }
}
