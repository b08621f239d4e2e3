// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `FirebaseAppCheck/Tests/Unit/Core/FIRAppCheckAPIServiceTests.m`, ported against `TestHTTPServer`
/// through the exchanging debug provider: the request's headers and body, and how answers and failures become
/// tokens and errors (as AppCheckCore's `GACAppCheckAPIService` does it today: a failed connection is
/// `serverUnreachable`, where the older SDK test expected `unknown`).
@Suite("SDK port: FIRAppCheckAPIServiceTests", .timeLimit(.minutes(3)))
struct SDKAPIServiceTests {
    /// `testDataRequestSuccess`: a `POST` with the API key in `X-Goog-Api-Key` and the JSON body.
    @Test func aRequestCarriesTheAPIKeyMethodAndBody() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"t","ttl":"3600s"}"#) }) { server in
            _ = try await AppCheckDebugExchangeTests.provider(server).getToken()
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.headers["X-Goog-Api-Key"] == "flint-test-api-key")
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["debug_token"] as? String == "debug-secret")
        }
    }

    /// `testDataRequestNetworkError`: a request that gets no answer fails in App Check's domain with the
    /// network error underneath.
    @Test func aNetworkErrorIsServerUnreachableWithTheErrorUnderneath() async throws {
        try await withTestHTTPServer({ _ in .closeWithoutResponse }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server)
            let error = try #require(await AppCheckDebugExchangeTests.failure { try await provider.getToken() })
            #expect((error as NSError).domain == AppCheckErrorCode.errorDomain)
            #expect(error.code == .serverUnreachable)
            #expect(error.failureReason == "API request error.")
            #expect(error.underlyingError is URLError)
        }
    }

    /// `testDataRequestNot2xxHTTPStatusCode`: a status outside 2xx is `unknown`, and the failure reason has the
    /// status and the body.
    @Test func aNon2xxStatusIsUnknownWithStatusAndBodyInTheReason() async throws {
        try await withTestHTTPServer({ _ in .text("Token verification failed.", status: 300) }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server)
            let error = try #require(await AppCheckDebugExchangeTests.failure { try await provider.getToken() })
            #expect((error as NSError).domain == AppCheckErrorCode.errorDomain)
            #expect(error.code == .unknown)
            let reason = try #require((error as NSError).localizedFailureReason)
            #expect(reason.contains("300"))
            #expect(reason.contains("Token verification failed."))
        }
    }

    /// `testAppCheckTokenWithAPIResponseValidResponse`: the answer's token, expiring `ttl` from now.
    @Test func aValidAnswerGivesTheTokenExpiringTTLFromNow() async throws {
        let clock = TestClock()
        try await withTestHTTPServer({ _ in .json(#"{"token":"valid_app_check_token","ttl":"1800s"}"#) }) {
            server in
            let token = try await AppCheckDebugExchangeTests.provider(server, clock: clock).getToken()
            #expect(token.token == "valid_app_check_token")
            #expect(token.expirationDate == clock.now().addingTimeInterval(1800))
        }
    }

    /// `testAppCheckTokenWithAPIResponseInvalidFormat`: an answer that is not JSON is `unknown` with the reason
    /// "JSON serialization error.".
    @Test func anAnswerThatIsNotJSONIsAJSONSerializationError() async throws {
        try await withTestHTTPServer({ _ in .text("Token verification failed.") }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server)
            let error = try #require(await AppCheckDebugExchangeTests.failure { try await provider.getToken() })
            #expect(error.code == .unknown)
            #expect((error as NSError).localizedFailureReason == "JSON serialization error.")
        }
    }

    /// `testAppCheckTokenResponseMissingFields`: a missing `token` or `ttl` is `unknown`, naming the field in
    /// backticks.
    @Test(arguments: [(#"{"ttl":"1800s"}"#, "token"), (#"{"token":"valid_app_check_token"}"#, "ttl")])
    func aMissingFieldIsNamedInTheReason(body: String, field: String) async throws {
        try await withTestHTTPServer({ _ in .json(body) }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server)
            let error = try #require(await AppCheckDebugExchangeTests.failure { try await provider.getToken() })
            #expect(error.code == .unknown)
            #expect((error as NSError).localizedFailureReason?.contains("`\(field)`") == true)
        }
    }
}
