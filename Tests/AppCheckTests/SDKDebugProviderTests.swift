// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `FirebaseAppCheck/Tests/Unit/DebugProvider/FIRAppCheckDebugProviderTests.m` and
/// `FIRAppCheckDebugProviderFactoryTests.m`, ported: which debug token the provider uses and how it exchanges it.
/// The SDK's token "stored in user defaults" is the provider's `debugToken:` setting here (Flint keeps a
/// generated token in memory, as the guide says); its fake API service is a `TestHTTPServer`.
@Suite("SDK port: FIRAppCheckDebugProviderTests", .timeLimit(.minutes(3)))
struct SDKDebugProviderTests {
    static let exchangeAnswer = #"{"token":"valid_token","ttl":"3600s"}"#

    /// `testInitWithValidApp` and `FIRAppCheckDebugProviderFactoryTests.testCreateProviderWithApp`: the factory
    /// makes a debug provider for a complete app, with a debug token.
    @Test func theFactoryMakesADebugProviderWithADebugToken() throws {
        let factory = AppCheckDebugProviderFactory(endpoint: .emulator(host: "127.0.0.1", port: 9))
        let provider = try #require(factory.createProvider(with: try TestApp.make()) as? AppCheckDebugProvider)
        #expect(!provider.debugToken.isEmpty)
        #expect(provider.endpoint == .emulator(host: "127.0.0.1", port: 9))
    }

    /// `testInitWithIncompleteApp`: an app without an API key or project ID cannot exchange. Firebase's
    /// initializer returns nil; Flint's provider fails its first request with `invalidConfiguration` before
    /// sending anything (a documented difference).
    @Test func anIncompleteAppCannotExchange() async throws {
        try await withTestHTTPServer({ _ in .json(Self.exchangeAnswer) }) { server in
            var noKey = FlintOptions.testing
            noKey.apiKey = nil
            var noProject = FlintOptions.testing
            noProject.projectID = nil
            for options in [noKey, noProject] {
                let provider = try AppCheckDebugExchangeTests.provider(server, options: options)
                let error = await AppCheckDebugExchangeTests.failure { try await provider.getToken() }
                #expect(error?.code == .invalidConfiguration)
            }
            #expect(server.requests.isEmpty)
        }
    }

    /// `testCurrentTokenWhenEnvironmentVariableSetAndTokenStored`: `FIRAAppCheckDebugToken` wins over the
    /// stored (set) token.
    @Test func theEnvironmentVariableWinsOverTheStoredToken() throws {
        let provider = AppCheckDebugProvider(
            exchangingWith: try TestApp.make(), debugToken: "stored token",
            environment: ["FIRAAppCheckDebugToken": "env token"])
        #expect(provider.debugToken == "env token")
    }

    /// `testLocalDebugToken` and `testCurrentTokenShim`: the provider answers its local and its current token (the
    /// local one stays the stored, here set, token when the variable overrides the current one).
    @Test func theLocalTokenIgnoresTheEnvironmentVariable() throws {
        let provider = AppCheckDebugProvider(
            exchangingWith: try TestApp.make(), debugToken: "stored token",
            environment: ["AppCheckDebugToken": "env token"])
        #expect(provider.localDebugToken() == "stored token")
        #expect(provider.currentDebugToken() == "env token")
    }

    /// Not an SDK test: without a stored (set) token one is generated once, and it is the current token.
    @Test func aGeneratedLocalTokenIsKeptAndCurrent() throws {
        let provider = AppCheckDebugProvider(exchangingWith: try TestApp.make(), environment: [:])
        let local = provider.localDebugToken()
        #expect(UUID(uuidString: local) != nil)
        #expect(provider.localDebugToken() == local)
        #expect(provider.currentDebugToken() == local)
        let embedded = AppCheckDebugProvider(app: try TestApp.make(), debugToken: "set")
        #expect(embedded.localDebugToken() == "set")
        #expect(embedded.currentDebugToken() == "set")
    }

    /// `testCurrentTokenWhenNoEnvironmentVariableAndTokenStored`: without the variable the stored token is used.
    @Test func withoutTheEnvironmentVariableTheStoredTokenIsUsed() throws {
        let provider = AppCheckDebugProvider(
            exchangingWith: try TestApp.make(), debugToken: "stored token", environment: [:])
        #expect(provider.debugToken == "stored token")
    }

    /// `testCurrentTokenWhenNoEnvironmentVariableAndNoTokenStored`: without either a token is generated once
    /// and then always used.
    @Test func withNeitherATokenIsGeneratedAndKept() async throws {
        try await withTestHTTPServer({ _ in .json(Self.exchangeAnswer) }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server, debugToken: nil, environment: [:])
            let generated = provider.debugToken
            #expect(UUID(uuidString: generated) != nil)
            _ = try await provider.getToken()
            _ = try await provider.getToken()
            #expect(provider.debugToken == generated)
            let sent = server.requests.map { request in
                (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["debug_token"] as? String
            }
            #expect(sent == [generated, generated])
        }
    }

    /// `testGetTokenSuccess`: the current debug token is exchanged and the service's token and expiry returned.
    @Test func getTokenExchangesTheCurrentDebugToken() async throws {
        let clock = TestClock()
        try await withTestHTTPServer({ _ in .json(Self.exchangeAnswer) }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(
                server, clock: clock, debugToken: "stored token", environment: [:])
            let token = try await provider.getToken()
            #expect(token == AppCheckToken(token: "valid_token", expirationDate: clock.now().addingTimeInterval(3600)))
            let request = try #require(server.requests.first)
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["debug_token"] as? String == "stored token")
        }
    }

    /// `testGetTokenAPIError`: the API's error is the provider's error, and no token comes back.
    @Test func getTokenReportsTheAPIError() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"error":{"code":500}}"#, status: 500) }) { server in
            let provider = try AppCheckDebugExchangeTests.provider(server)
            let error = await AppCheckDebugExchangeTests.failure { try await provider.getToken() }
            #expect(error?.code == .unknown)
            #expect(
                error?.underlyingError as? AppCheckExchangeFailure == .httpStatus(500, body: #"{"error":{"code":500}}"#)
            )
        }
    }
}
