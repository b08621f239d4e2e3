// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// App Check's public errors are in Firebase's domain: provider errors from elsewhere are wrapped as `unknown`
/// with the provider's error underneath.
@Suite("App Check: errors", .timeLimit(.minutes(3)))
struct AppCheckErrorTests {
    @Test func codesBridgeWithFirebasesDomainAndValues() {
        let expected: [(AppCheckErrorCode, Int)] = [
            (.unknown, 0), (.serverUnreachable, 1), (.invalidConfiguration, 2),
            (.keychain, 3), (.unsupported, 4),
        ]
        for (code, value) in expected {
            let bridged = code as NSError
            #expect(bridged.domain == "com.firebase.appCheck")
            #expect(bridged.code == value)
        }
        #expect(AppCheckError.errorDomain == "com.firebase.appCheck")
    }

    @Test func aForeignProviderErrorIsWrappedAsUnknownWithTheErrorUnderneath() async throws {
        let fixture = try AppCheckFixture()
        let underlying = NSError(
            domain: "com.example.attestation", code: 42,
            userInfo: [NSLocalizedFailureReasonErrorKey: "device not attested"])
        fixture.provider.error = underlying
        let error = await #expect(throws: AppCheckError.self) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        #expect(error?.code == .unknown)
        #expect(error?.failureReason == "device not attested")
        let bridged = try #require(error) as NSError
        #expect(bridged.domain == "com.firebase.appCheck")
        #expect(bridged.code == AppCheckErrorCode.unknown.rawValue)
        let inner = try #require(bridged.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(inner.domain == "com.example.attestation")
        #expect(inner.code == 42)
        #expect(bridged.userInfo[NSLocalizedFailureReasonErrorKey] as? String == "device not attested")
    }

    @Test func concurrentWaitersAllGetTheWrappedError() async throws {
        let gate = Gate()
        let fixture = try AppCheckFixture(gate: gate)
        fixture.provider.error = FakeError("offline")
        let callers = Task {
            await withTaskGroup(of: (any Error)?.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        do {
                            _ = try await fixture.appCheck.token(forcingRefresh: true)
                            return nil
                        } catch { return error }
                    }
                }
                return await group.reduce(into: [(any Error)?]()) { $0.append($1) }
            }
        }
        try await waitUntil { fixture.appCheck.refreshWaiterCount == 3 }
        gate.open()
        let errors = await callers.value
        #expect(errors.count == 3)
        for error in errors {
            let wrapped = error as? AppCheckError
            #expect(wrapped?.code == .unknown)
            #expect(wrapped?.underlyingError as? FakeError == FakeError("offline"))
        }
    }

    @Test func anAppCheckErrorFromTheProviderIsNotWrapped() async throws {
        let fixture = try AppCheckFixture()
        fixture.provider.error = AppCheckErrorCode.serverUnreachable
        await #expect(throws: AppCheckErrorCode.serverUnreachable) {
            try await fixture.appCheck.token(forcingRefresh: false)
        }
        await #expect(throws: AppCheckErrorCode.serverUnreachable) { try await fixture.appCheck.limitedUseToken() }
        fixture.provider.error = NSError(domain: "com.firebase.appCheck", code: 3)
        let error = await #expect(throws: (any Error).self) { try await fixture.appCheck.token(forcingRefresh: true) }
        #expect(error.map { ($0 as NSError).code } == 3)
        #expect(!(error is AppCheckError))
    }

    @Test func limitedUseTokenFailuresAreWrappedToo() async throws {
        let fixture = try AppCheckFixture()
        fixture.provider.error = FakeError("no attestation")
        let error = await #expect(throws: AppCheckError.self) { try await fixture.appCheck.limitedUseToken() }
        #expect(error?.code == .unknown)
        #expect(error?.underlyingError as? FakeError == FakeError("no attestation"))
    }

    @Test func interopStillReportsTheProvidersOwnError() async throws {
        let fixture = try AppCheckFixture()
        fixture.provider.error = FakeError("attestation failed")
        let result = await fixture.appCheck.getToken(forcingRefresh: false)
        #expect(result.error as? FakeError == FakeError("attestation failed"))
    }
}
