// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

@Suite("App Check: what other products see through AppCheckInterop")
struct AppCheckInteropTests {
    @Test func getTokenReturnsTheTokenAndNoError() async throws {
        let fixture = try AppCheckFixture()
        let interop = try fixture.app.container.require(AppCheckInterop.self)
        let result = await interop.getToken(forcingRefresh: false)
        #expect(result.token == "token-1")
        #expect(result.error == nil)
        #expect(await interop.getToken(forcingRefresh: false).token == "token-1")
        #expect(await interop.getToken(forcingRefresh: true).token == "token-2")
    }

    @Test func aFailureGivesThePlaceholderTokenAndTheError() async throws {
        let fixture = try AppCheckFixture()
        fixture.provider.error = AppCheckErrorCode.serverUnreachable
        let interop = try fixture.app.container.require(AppCheckInterop.self)
        let result = await interop.getToken(forcingRefresh: false)
        #expect(result.token == AppCheckTokenResult.placeholderToken)
        #expect(result.error as? AppCheckErrorCode == .serverUnreachable)
    }

    @Test func thePlaceholderIsFirebasesDummyToken() throws {
        let decoded = try #require(Data(base64Encoded: AppCheckTokenResult.placeholderToken))
        #expect(String(decoding: decoded, as: UTF8.self) == #"{"error":"UNKNOWN_ERROR"}"#)
    }

    @Test func getLimitedUseTokenReturnsAFreshToken() async throws {
        let fixture = try AppCheckFixture()
        let interop = try fixture.app.container.require(AppCheckInterop.self)
        let first = await interop.getLimitedUseToken()
        let second = await interop.getLimitedUseToken()
        #expect(first.token == "limited-1")
        #expect(second.token == "limited-2")
        #expect(first.error == nil)
    }

    @Test func aLimitedUseFailureGivesThePlaceholderTokenAndTheError() async throws {
        let fixture = try AppCheckFixture()
        fixture.provider.error = FakeError("no attestation")
        let result = await fixture.appCheck.getLimitedUseToken()
        #expect(result.token == AppCheckTokenResult.placeholderToken)
        #expect(result.error as? FakeError == FakeError("no attestation"))
    }
}
