// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `FirebaseAppCheck/Tests/Unit/Core/FIRAppCheckTests.m`, ported: the cache, `forcingRefresh`,
/// provider errors, limited-use tokens, token-change notifications and request merging, for the public API and
/// for `AppCheckInterop`. The SDK's storage mock is App Check's in-memory cache here; its notification
/// expectations are a token listener.
@Suite("SDK port: FIRAppCheckTests", .timeLimit(.minutes(3)))
struct SDKAppCheckTests {
    /// The SDK's `internalError` / provider error: an `NSError` outside App Check's domain.
    static var providerError: NSError { NSError(domain: "FIRAppCheckTests", code: -1) }

    /// Whether `error` is (a bridged copy of) ``providerError``.
    static func isProviderError(_ error: (any Error)?) -> Bool {
        guard let error = error.map({ $0 as NSError }) else { return false }
        return error.domain == "FIRAppCheckTests" && error.code == -1
    }

    /// A fixture whose token listener records every notified token.
    static func fixture(gate: Gate? = nil) throws -> (AppCheckFixture, TokenRecorder) {
        let fixture = try AppCheckFixture(gate: gate)
        let recorder = TokenRecorder()
        fixture.appCheck.addTokenDidChangeListener(recorder.listener)
        return (fixture, recorder)
    }

    /// Runs `count` concurrent `body` calls once the provider is held at `gate`, opens it, and returns every
    /// outcome (the SDK's "called several times, then there is only one operation").
    static func concurrently<Value: Sendable>(
        _ count: Int, on fixture: AppCheckFixture, gate: Gate,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> [Result<Value, any Error>] {
        let calls = Task {
            await withTaskGroup(of: Result<Value, any Error>.self) { group in
                for _ in 0..<count {
                    group.addTask {
                        do { return .success(try await body()) } catch { return .failure(error) }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        try await waitUntil { fixture.appCheck.refreshWaiterCount == count && fixture.provider.tokenRequests == 1 }
        gate.open()
        return try await value(of: calls)
    }

    // MARK: Instances

    /// `testAppCheckInstanceForApp`: a named app configured with App Check has its instance.
    @Test func aNamedAppHasItsAppCheck() throws {
        let app = try TestApp.make(name: "testAppCheckInstanceForApp", libraries: [AppCheckLibrary.self])
        #expect(try AppCheck.appCheck(app: app).appName == "testAppCheckInstanceForApp")
    }

    // MARK: token(forcingRefresh:)

    /// `testGetToken_WhenNoCache_Success`: the provider's token is returned, cached and announced.
    @Test func withoutACachedTokenTheProvidersTokenIsReturnedAndAnnounced() async throws {
        let (fixture, recorder) = try Self.fixture()
        let token = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(token.token == "token-1")
        #expect(fixture.provider.tokenRequests == 1)
        #expect(recorder.values == ["token-1"])
    }

    /// `testGetToken_WhenCachedTokenIsValid_Success`: a valid cached token is returned without asking the
    /// provider and without a notification.
    @Test func aValidCachedTokenIsReturnedWithoutTheProviderOrANotification() async throws {
        let (fixture, recorder) = try Self.fixture()
        let cached = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(try await fixture.appCheck.token(forcingRefresh: false) == cached)
        #expect(fixture.provider.tokenRequests == 1)
        #expect(recorder.values == ["token-1"])
    }

    /// `testGetTokenForcingRefresh_WhenCachedTokenIsValid_Success`: forcing skips a valid cache, and the new
    /// token is announced.
    @Test func forcingRefreshSkipsAValidCacheAndAnnouncesTheNewToken() async throws {
        let (fixture, recorder) = try Self.fixture()
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(try await fixture.appCheck.token(forcingRefresh: true).token == "token-2")
        #expect(fixture.provider.tokenRequests == 2)
        #expect(recorder.values == ["token-1", "token-2"])
    }

    /// `testGetToken_WhenCachedTokenExpired_Success`: an expired cached token is replaced and the new one
    /// announced.
    @Test func anExpiredCachedTokenIsReplacedAndTheNewOneAnnounced() async throws {
        let (fixture, recorder) = try Self.fixture()
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        fixture.clock.advance(by: 3600)
        #expect(try await fixture.appCheck.token(forcingRefresh: false).token == "token-2")
        #expect(recorder.values == ["token-1", "token-2"])
    }

    /// `testGetToken_AppCheckProviderError`: with a token 4.5 minutes from expiry the provider is asked; its
    /// foreign error comes back in App Check's domain with the provider's error underneath, and nothing is
    /// announced.
    @Test func aSoonExpiringTokenIsRefreshedAndAForeignProviderErrorIsWrapped() async throws {
        let (fixture, recorder) = try Self.fixture()
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        fixture.clock.advance(by: 3600 - 4.5 * 60)
        fixture.provider.error = Self.providerError
        let error = await #expect(throws: AppCheckError.self) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        #expect(fixture.provider.tokenRequests == 2)
        #expect(error?.code == .unknown)
        let bridged = try #require(error as NSError?)
        #expect(bridged.domain == AppCheckErrorCode.errorDomain)
        #expect(Self.isProviderError(bridged.userInfo[NSUnderlyingErrorKey] as? NSError))
        #expect(recorder.values == ["token-1"])
    }

    /// `testGetToken_ServerUnreachableError`: the provider's `serverUnreachable` error (Firebase's
    /// `APIErrorWithNetworkError`) is thrown unchanged.
    @Test func aServerUnreachableErrorIsThrownUnchanged() async throws {
        let (fixture, recorder) = try Self.fixture()
        let network = URLError(.notConnectedToInternet)
        fixture.provider.error = AppCheckError(
            .serverUnreachable, failureReason: "API request error.", underlyingError: network)
        let error = await #expect(throws: AppCheckError.self) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        #expect(error?.code == .serverUnreachable)
        #expect(error?.failureReason == "API request error.")
        #expect(error?.underlyingError as? URLError == network)
        #expect(recorder.values.isEmpty)
    }

    /// `testGetToken_UnsupportedError`: an `unsupported` error from the provider is thrown unchanged.
    @Test func anUnsupportedErrorIsThrownUnchanged() async throws {
        let (fixture, recorder) = try Self.fixture()
        fixture.provider.error = AppCheckErrorCode.unsupported
        await #expect(throws: AppCheckErrorCode.unsupported) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        #expect(recorder.values.isEmpty)
    }

    // MARK: AppCheckInterop

    /// `testInteropGetToken_WhenNoCache_Success`, `…WhenCachedTokenIsValid_Success`,
    /// `…ForcingRefresh_WhenCachedTokenIsValid_Success` and `…WhenCachedTokenExpired_Success`: the interop
    /// request follows the same cache rules and reports no error.
    @Test func interopFollowsTheSameCacheRules() async throws {
        let (fixture, recorder) = try Self.fixture()
        let interop: any AppCheckInterop = fixture.appCheck
        var result = await interop.getToken(forcingRefresh: false)
        #expect(result.token == "token-1")
        #expect(result.error == nil)
        result = await interop.getToken(forcingRefresh: false)
        #expect(result.token == "token-1")
        result = await interop.getToken(forcingRefresh: true)
        #expect(result.token == "token-2")
        fixture.clock.advance(by: 3600)
        result = await interop.getToken(forcingRefresh: false)
        #expect(result.token == "token-3")
        #expect(result.error == nil)
        #expect(fixture.provider.tokenRequests == 3)
        #expect(recorder.values == ["token-1", "token-2", "token-3"])
    }

    /// `testInteropGetToken_AppCheckProviderError`: the interop result carries Firebase's dummy token and the
    /// provider's error, not wrapped in App Check's domain.
    @Test func interopReportsTheDummyTokenAndTheProvidersUnwrappedError() async throws {
        let (fixture, recorder) = try Self.fixture()
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        fixture.clock.advance(by: 3600 - 4.5 * 60)
        fixture.provider.error = Self.providerError
        let result = await fixture.appCheck.getToken(forcingRefresh: false)
        #expect(result.token == "eyJlcnJvciI6IlVOS05PV05fRVJST1IifQ==")
        let error = try #require(result.error as NSError?)
        #expect(Self.isProviderError(error))
        #expect(error.domain != AppCheckErrorCode.errorDomain)
        #expect(recorder.values == ["token-1"])
    }

    // MARK: Limited-use tokens

    /// `testLimitedUseTokenWithSuccess`: a limited-use token bypasses the cache both ways and is not announced.
    @Test func aLimitedUseTokenBypassesTheCacheAndIsNotAnnounced() async throws {
        let (fixture, recorder) = try Self.fixture()
        #expect(try await fixture.appCheck.limitedUseToken().token == "limited-1")
        #expect(fixture.provider.tokenRequests == 0)
        #expect(recorder.values.isEmpty)
        #expect(try await fixture.appCheck.token(forcingRefresh: false).token == "token-1")
    }

    /// `testLimitedUseToken_WhenTokenGenerationErrors`: an App Check error from the provider (the SDK uses its
    /// keychain error) is thrown unchanged, with no notification.
    @Test func aLimitedUseTokenErrorInAppChecksDomainIsThrownUnchanged() async throws {
        let (fixture, recorder) = try Self.fixture()
        fixture.provider.error = AppCheckError(.keychain, underlyingError: Self.providerError)
        let error = await #expect(throws: AppCheckError.self) { try await fixture.appCheck.limitedUseToken() }
        #expect(error?.code == .keychain)
        #expect(Self.isProviderError(error?.underlyingError))
        #expect(recorder.values.isEmpty)
    }

    // MARK: Automatic refresh

    /// `testIsTokenAutoRefreshEnabled` and `testSetIsTokenAutoRefreshEnabled`: the flag starts from the settings
    /// and can be set either way.
    @Test(arguments: [true, false])
    func autoRefreshStartsFromTheSettingsAndCanBeSet(_ initial: Bool) throws {
        let fixture = try AppCheckFixture(autoRefresh: initial)
        #expect(fixture.appCheck.isTokenAutoRefreshEnabled == initial)
        fixture.appCheck.isTokenAutoRefreshEnabled = !initial
        #expect(fixture.appCheck.isTokenAutoRefreshEnabled == !initial)
        fixture.appCheck.isTokenAutoRefreshEnabled = initial
        #expect(fixture.appCheck.isTokenAutoRefreshEnabled == initial)
    }

    // MARK: Merging concurrent requests

    /// `testGetToken_WhenCalledSeveralTimesSuccess_ThenThereIsOnlyOneOperation`: ten callers share one
    /// provider request, the token is announced once, and the next call is served from the cache.
    @Test func severalCallsShareOneRequestAndTheTokenIsAnnouncedOnce() async throws {
        let gate = Gate()
        let (fixture, recorder) = try Self.fixture(gate: gate)
        let results = try await Self.concurrently(10, on: fixture, gate: gate) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        #expect(try results.map { try $0.get().token } == Array(repeating: "token-1", count: 10))
        #expect(recorder.values == ["token-1"])
        #expect(try await fixture.appCheck.token(forcingRefresh: false).token == "token-1")
        #expect(fixture.provider.tokenRequests == 1)
    }

    /// `testGetToken_WhenCalledSeveralTimesError_ThenThereIsOnlyOneOperation`: ten callers share one failing
    /// request and all get the wrapped error; nothing is announced or cached.
    @Test func severalCallsShareOneFailingRequestAndAllGetTheWrappedError() async throws {
        let gate = Gate()
        let (fixture, recorder) = try Self.fixture(gate: gate)
        fixture.provider.error = Self.providerError
        let results = try await Self.concurrently(10, on: fixture, gate: gate) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        for result in results {
            guard case .failure(let error as AppCheckError) = result else {
                Issue.record("expected an AppCheckError, got \(result)")
                continue
            }
            #expect(error.code == .unknown)
            #expect(Self.isProviderError(error.underlyingError))
        }
        #expect(recorder.values.isEmpty)
        fixture.provider.error = nil
        #expect(try await fixture.appCheck.token(forcingRefresh: false).token == "token-2")
    }

    /// `testInteropGetToken_WhenCalledSeveralTimesSuccess_ThenThereIsOnlyOneOperation`: the same through
    /// `AppCheckInterop`.
    @Test func severalInteropCallsShareOneRequest() async throws {
        let gate = Gate()
        let (fixture, recorder) = try Self.fixture(gate: gate)
        let results = try await Self.concurrently(10, on: fixture, gate: gate) {
            await fixture.appCheck.getToken(forcingRefresh: false).token
        }
        #expect(try results.map { try $0.get() } == Array(repeating: "token-1", count: 10))
        #expect(recorder.values == ["token-1"])
    }

    /// `testInteropGetToken_WhenCalledSeveralTimesError_ThenThereIsOnlyOneOperation`: every interop caller gets
    /// the dummy token and the provider's own error.
    @Test func severalInteropCallsShareOneFailingRequest() async throws {
        let gate = Gate()
        let (fixture, recorder) = try Self.fixture(gate: gate)
        fixture.provider.error = Self.providerError
        let results = try await Self.concurrently(10, on: fixture, gate: gate) {
            let result = await fixture.appCheck.getToken(forcingRefresh: false)
            return (result.token, Self.isProviderError(result.error))
        }
        for result in results {
            let (token, isProviderError) = try result.get()
            #expect(token == AppCheckTokenResult.placeholderToken)
            #expect(isProviderError)
        }
        #expect(recorder.values.isEmpty)
        #expect(fixture.provider.tokenRequests == 1)
    }
}
