// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `FirebaseAppCheck/Tests/Unit/Core/Errors/FIRAppCheckErrorUtilTests.m`, ported: how a provider's
/// error becomes the error App Check's public API throws (`publicDomainErrorWithError:`).
@Suite("SDK port: FIRAppCheckErrorUtilTests")
struct SDKErrorUtilTests {
    /// App Check Core's error domain (`GACAppCheckErrorDomain`).
    static let coreDomain = "com.google.app_check_core"

    /// The SDK test's underlying error.
    static var underlyingError: NSError { NSError(domain: "com.google.test.error-domain", code: 42) }

    /// The SDK test's user info: an underlying error and a failure reason.
    static var userInfo: [String: Any] {
        [NSUnderlyingErrorKey: underlyingError, NSLocalizedFailureReasonErrorKey: "Sample Failure Reason"]
    }

    /// Whether `error` is the test's underlying error.
    static func isUnderlyingError(_ error: (any Error)?) -> Bool {
        guard let error = error.map({ $0 as NSError }) else { return false }
        return error.domain == "com.google.test.error-domain" && error.code == 42
    }

    /// `testPublicDomainErrorForPublicError`: an error already in App Check's domain is returned as it is.
    @Test func anErrorInAppChecksDomainIsReturnedUnchanged() {
        let error = NSError(
            domain: AppCheckErrorCode.errorDomain, code: AppCheckErrorCode.serverUnreachable.rawValue,
            userInfo: Self.userInfo)
        let result = AppCheckError.publicDomain(error) as NSError
        #expect(result === error)
    }

    /// `testPublicDomainErrorForGACErrorUnknown`, `…ServerUnreachable`, `…InvalidConfiguration`, `…Keychain`,
    /// `…Unsupported`: an App Check Core error becomes the App Check error with the same code, failure reason and
    /// underlying error.
    @Test(arguments: AppCheckErrorCode.allCases)
    func anAppCheckCoreErrorKeepsItsCodeInAppChecksDomain(_ code: AppCheckErrorCode) throws {
        let coreError = NSError(domain: Self.coreDomain, code: code.rawValue, userInfo: Self.userInfo)
        let result = try #require(AppCheckError.publicDomain(coreError) as? AppCheckError)
        #expect(result.code == code)
        #expect(result.failureReason == "Sample Failure Reason")
        #expect(Self.isUnderlyingError(result.underlyingError))
        let bridged = result as NSError
        #expect(bridged.domain == AppCheckErrorCode.errorDomain)
        #expect(bridged.code == code.rawValue)
        #expect(bridged.localizedFailureReason == "Sample Failure Reason")
        #expect(Self.isUnderlyingError(bridged.userInfo[NSUnderlyingErrorKey] as? NSError))
    }

    /// `testPublicDomainErrorForGACErrorUnrecognizedCode`: an App Check Core error with a code App Check does not
    /// know is wrapped as `unknown`, keeping its failure reason.
    @Test func anAppCheckCoreErrorWithAnUnknownCodeIsWrappedAsUnknown() throws {
        let coreError = NSError(domain: Self.coreDomain, code: -1000, userInfo: Self.userInfo)
        let result = try #require(AppCheckError.publicDomain(coreError) as? AppCheckError)
        #expect(result.code == .unknown)
        #expect(result.failureReason == "Sample Failure Reason")
        let underlying = try #require(result.underlyingError as NSError?)
        #expect(underlying.domain == Self.coreDomain)
        #expect(underlying.code == -1000)
    }

    /// `testPublicDomainErrorForUnrecognizedDomainError`: an error of another domain is wrapped as `unknown`,
    /// keeping its failure reason.
    @Test func anErrorOfAnotherDomainIsWrappedAsUnknown() throws {
        let foreign = NSError(domain: "com.google.test.error-domain", code: 42, userInfo: Self.userInfo)
        let result = try #require(AppCheckError.publicDomain(foreign) as? AppCheckError)
        #expect(result.code == .unknown)
        #expect(result.failureReason == "Sample Failure Reason")
        #expect(Self.isUnderlyingError(result.underlyingError))
        #expect((result as NSError).domain == AppCheckErrorCode.errorDomain)
    }

    /// The same translation on the public API: a provider failing with App Check Core's `serverUnreachable`
    /// makes `token(forcingRefresh:)` and `limitedUseToken()` throw App Check's `serverUnreachable`.
    @Test func theTokenMethodsTranslateAppCheckCoreErrors() async throws {
        let fixture = try AppCheckFixture()
        fixture.provider.error = NSError(
            domain: Self.coreDomain, code: AppCheckErrorCode.serverUnreachable.rawValue, userInfo: Self.userInfo)
        let error = await #expect(throws: AppCheckError.self) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        #expect(error?.code == .serverUnreachable)
        let limited = await #expect(throws: AppCheckError.self) { try await fixture.appCheck.limitedUseToken() }
        #expect(limited?.code == .serverUnreachable)
    }
}
