// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// AppCheckCore's `AppCheckCore/Tests/Unit/DebugProvider/GACAppCheckDebugProviderTests.m` (the debug provider
/// Firebase's `AppCheckDebugProvider` wraps), ported: the two debug-token environment variables and limited-use
/// exchanges. Its "registered" `UserDefaults` flag is Apple-only persistence and is not ported.
@Suite("SDK port: GACAppCheckDebugProviderTests", .timeLimit(.minutes(3)))
struct SDKCoreDebugProviderTests {
    /// An exchanging provider with `environment` and the stored (set) token "stored token".
    static func provider(environment: [String: String]) throws -> AppCheckDebugProvider {
        AppCheckDebugProvider(exchangingWith: try TestApp.make(), debugToken: "stored token", environment: environment)
    }

    /// `testCurrentTokenWhenEnvironmentVariableSetAndTokenStored`: `AppCheckDebugToken` wins over the stored
    /// token.
    @Test func theCoreVariableWinsOverTheStoredToken() throws {
        #expect(try Self.provider(environment: ["AppCheckDebugToken": "env token"]).debugToken == "env token")
    }

    /// `testCurrentTokenWhenFirebaseAndCoreEnvironmentVariablesSetAndTokenStored` and
    /// `testCurrentTokenWhenFirebaseAndCoreEnvironmentVariablesSet`: with both variables set, `AppCheckDebugToken`
    /// wins over `FIRAAppCheckDebugToken`.
    @Test func theCoreVariableWinsOverFirebasesVariable() throws {
        let environment = ["AppCheckDebugToken": "env token", "FIRAAppCheckDebugToken": "firebase env token"]
        #expect(try Self.provider(environment: environment).debugToken == "env token")
        let withoutStored = AppCheckDebugProvider(exchangingWith: try TestApp.make(), environment: environment)
        #expect(withoutStored.debugToken == "env token")
    }

    /// `testCurrentTokenWhenFirebaseEnvironmentVariableSetAndTokenStored`: `FIRAAppCheckDebugToken` alone wins over
    /// the stored token; an empty `AppCheckDebugToken` does not count.
    @Test func firebasesVariableAloneWinsOverTheStoredToken() throws {
        #expect(try Self.provider(environment: ["FIRAAppCheckDebugToken": "env token"]).debugToken == "env token")
        let emptyCore = ["AppCheckDebugToken": "", "FIRAAppCheckDebugToken": "env token"]
        #expect(try Self.provider(environment: emptyCore).debugToken == "env token")
    }

    /// `testGetLimitedUseTokenSuccess` and `testGetLimitedUseTokenAPIError`: a limited-use token is exchanged
    /// with `limited_use: true` (and only so), and the API's error is the provider's.
    @Test func aLimitedUseTokenIsExchangedAsLimitedUseAndReportsTheAPIError() async throws {
        let clock = TestClock()
        let fail = Locked(false)
        try await withTestHTTPServer({ _ in
            fail.withLock { $0 } ? .json(#"{"error":{}}"#, status: 403) : .json(#"{"token":"valid_token","ttl":"60s"}"#)
        }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server, clock: clock)
            let token = try await provider.getLimitedUseToken()
            #expect(token == AppCheckToken(token: "valid_token", expirationDate: clock.now().addingTimeInterval(60)))
            let request = try #require(server.requests.first)
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["limited_use"] as? Bool == true)
            fail.withLock { $0 = true }
            let error = await AppCheckDebugExchangeTests.failure { try await provider.getLimitedUseToken() }
            #expect(error?.underlyingError as? AppCheckExchangeFailure == .httpStatus(403, body: #"{"error":{}}"#))
        }
    }
}
