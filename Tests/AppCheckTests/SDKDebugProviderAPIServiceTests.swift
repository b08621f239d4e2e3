// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `FirebaseAppCheck/Tests/Unit/DebugProvider/FIRAppCheckDebugProviderAPIServiceTests.m`, ported
/// against `TestHTTPServer`: the `exchangeDebugToken` request and what the provider makes of its answer.
@Suite("SDK port: FIRAppCheckDebugProviderAPIServiceTests", .timeLimit(.minutes(3)))
struct SDKDebugProviderAPIServiceTests {
    /// `testAppCheckTokenSuccess`: `POST {base}/projects/{project}/apps/{app}:exchangeDebugToken`, JSON, with the
    /// debug token in the body; the parsed answer is the provider's token.
    @Test func theExchangeRequestHasTheSDKsURLHeadersAndBody() async throws {
        let clock = TestClock()
        try await withTestHTTPServer({ _ in .json(#"{"token":"app_check_token","ttl":"3600s"}"#) }) { server in
            let debugToken = UUID().uuidString
            let provider = try AppCheckDebugExchangeTests.provider(server, clock: clock, debugToken: debugToken)
            let token = try await provider.getToken()
            #expect(
                token == AppCheckToken(token: "app_check_token", expirationDate: clock.now().addingTimeInterval(3600)))
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == AppCheckDebugExchangeTests.appPath)
            #expect(request.path.hasSuffix(":exchangeDebugToken"))
            #expect(request.headers["Content-Type"] == "application/json")
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["debug_token"] as? String == debugToken)
        }
    }

    /// `testAppCheckTokenResponseParsingError`: an answer that cannot be parsed is the provider's error.
    @Test func aParsingErrorIsTheProvidersError() async throws {
        try await withTestHTTPServer({ _ in .text("fake response") }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server)
            let error = try #require(await AppCheckDebugExchangeTests.failure { try await provider.getToken() })
            #expect(error.underlyingError as? AppCheckExchangeFailure == .invalidJSON)
        }
    }

    /// `testAppCheckTokenNetworkError`: a network failure is the provider's error, and nothing else is sent.
    @Test func aNetworkErrorIsTheProvidersError() async throws {
        try await withTestHTTPServer({ _ in .closeWithoutResponse }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server)
            let error = try #require(await AppCheckDebugExchangeTests.failure { try await provider.getToken() })
            #expect(error.code == .serverUnreachable)
            #expect(server.requests.count == 1)
        }
    }
}
