// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

@Suite struct FakeAppCheckTests {
    @Test func getTokenReturnsTheTokenWithoutError() async {
        let appCheck = FakeAppCheck(token: "attested")
        let result = await appCheck.getToken(forcingRefresh: false)
        #expect(result.token == "attested")
        #expect(result.error == nil)
    }

    @Test func getTokenRecordsForcingRefreshInOrder() async {
        let appCheck = FakeAppCheck()
        _ = await appCheck.getToken(forcingRefresh: true)
        _ = await appCheck.getToken(forcingRefresh: false)
        #expect(appCheck.getTokenCalls == [true, false])
        #expect(appCheck.limitedUseTokenCallCount == 0)
    }

    @Test func limitedUseTokenIsSeparateAndCounted() async {
        let appCheck = FakeAppCheck(token: "cached", limitedUseToken: "one-shot")
        #expect(await appCheck.getLimitedUseToken().token == "one-shot")
        #expect(await appCheck.getLimitedUseToken().token == "one-shot")
        #expect(appCheck.limitedUseTokenCallCount == 2)
        #expect(appCheck.getTokenCalls == [])
    }

    @Test func anInjectedErrorComesWithThePlaceholderToken() async {
        let appCheck = FakeAppCheck(token: "attested", placeholderToken: "dummy")
        appCheck.error = FakeError("attestation failed")
        let result = await appCheck.getToken(forcingRefresh: false)
        #expect(result.token == "dummy")
        #expect(result.error as? FakeError == FakeError("attestation failed"))
        let limited = await appCheck.getLimitedUseToken()
        #expect(limited.token == "dummy")
        #expect(limited.error as? FakeError == FakeError("attestation failed"))
    }

    @Test func clearingTheErrorRestoresTheToken() async {
        let appCheck = FakeAppCheck(token: "attested")
        appCheck.error = FakeError()
        appCheck.error = nil
        let result = await appCheck.getToken(forcingRefresh: false)
        #expect(result.token == "attested")
        #expect(result.error == nil)
    }

    @Test func tokensAreSettable() async {
        let appCheck = FakeAppCheck()
        appCheck.token = "new"
        appCheck.limitedUseToken = "new-limited"
        #expect(await appCheck.getToken(forcingRefresh: false).token == "new")
        #expect(await appCheck.getLimitedUseToken().token == "new-limited")
    }

    @Test func resetRecordedCallsForgetsCalls() async {
        let appCheck = FakeAppCheck()
        _ = await appCheck.getToken(forcingRefresh: true)
        _ = await appCheck.getLimitedUseToken()
        appCheck.resetRecordedCalls()
        #expect(appCheck.getTokenCalls == [])
        #expect(appCheck.limitedUseTokenCallCount == 0)
    }

    @Test func tokenResultHoldsItsValues() {
        let success = FakeAppCheckTokenResult(token: "t")
        #expect(success.token == "t")
        #expect(success.error == nil)
        let failure = FakeAppCheckTokenResult(token: "dummy", error: FakeError("x"))
        #expect(failure.error as? FakeError == FakeError("x"))
    }

    @Test func componentsServeTheInstanceAsAppCheckInterop() throws {
        let appCheck = FakeAppCheck()
        let app = try TestApp.make(overrides: appCheck.components)
        #expect(try app.container.require(AppCheckInterop.self) === appCheck)
    }
}
