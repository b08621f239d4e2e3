// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Deleting the app ends App Check's requests in flight at once, with `unknown` ("The app was deleted."), whether
/// the provider notices the cancellation or not.
@Suite("App Check: requests end when the app is deleted")
struct AppCheckDeletionTests {
    /// An App Check (without automatic refresh) whose providers `factory` makes.
    private func appCheck(factory: any AppCheckProviderFactory) throws -> (FlintApp, AppCheck) {
        let app = try TestApp.make(
            libraries: [AppCheckLibrary.self],
            overrides: [
                AppCheckLibrary.providerFactory(factory),
                AppCheckLibrary.settings(AppCheckSettings(isTokenAutoRefreshEnabled: false)),
            ])
        return (app, try AppCheck.appCheck(app: app))
    }

    /// An App Check whose provider is `provider`.
    private func appCheck(with provider: SpyAppCheckProvider) throws -> (FlintApp, AppCheck) {
        try appCheck(factory: SpyProviderFactory(provider))
    }

    /// An App Check whose provider exchanges its debug token with `server`.
    private func exchangingAppCheck(_ server: TestHTTPServer) throws -> (FlintApp, AppCheck) {
        try appCheck(
            factory: AppCheckDebugProviderFactory(
                endpoint: .emulator(host: server.host, port: server.port), debugToken: "debug-secret"))
    }

    /// The error `task` ended with, expected to be App Check's "app deleted" error.
    private func expectAppDeleted(_ task: Task<AppCheckToken, any Error>) async throws {
        let error = await #expect(throws: AppCheckError.self) { try await value(of: task) }
        #expect(error?.code == .unknown)
        #expect(error?.failureReason == AppCheck.appDeletedReason)
    }

    @Test func deletingTheAppEndsALimitedUseExchangeInFlight() async throws {
        let late = TestHTTPResponse.json(#"{"token":"late","ttl":"3600s"}"#).delayed(by: .seconds(300))
        try await withTestHTTPServer({ _ in late }) { server in
            let (app, appCheck) = try exchangingAppCheck(server)
            let request = Task { try await appCheck.limitedUseToken() }
            try await waitUntil { server.requests.count == 1 }
            await app.delete()
            try await expectAppDeleted(request)
        }
    }

    @Test func deletingTheAppEndsATokenExchangeInFlight() async throws {
        let late = TestHTTPResponse.json(#"{"token":"late","ttl":"3600s"}"#).delayed(by: .seconds(300))
        try await withTestHTTPServer({ _ in late }) { server in
            let (app, appCheck) = try exchangingAppCheck(server)
            let request = Task { try await appCheck.token(forcingRefresh: false) }
            try await waitUntil { server.requests.count == 1 }
            await app.delete()
            try await expectAppDeleted(request)
        }
    }

    @Test func deletingTheAppEndsARequestToAProviderThatIgnoresCancellation() async throws {
        let gate = Gate()  // never opened before the deletion: the provider waits through its cancellation
        defer { gate.open() }
        let provider = SpyAppCheckProvider(clock: TestClock(), gate: gate)
        let (app, appCheck) = try appCheck(with: provider)
        let request = Task { try await appCheck.token(forcingRefresh: true) }
        try await waitUntil { provider.tokenRequests == 1 }
        await app.delete()
        try await expectAppDeleted(request)
    }

    @Test func aRequestAfterTheDeletionEndsAtOnce() async throws {
        let provider = SpyAppCheckProvider(clock: TestClock())
        let (app, appCheck) = try appCheck(with: provider)
        await app.delete()
        try await expectAppDeleted(Task { try await appCheck.token(forcingRefresh: true) })
        try await expectAppDeleted(Task { try await appCheck.limitedUseToken() })
        #expect(provider.tokenRequests == 0)
        #expect(provider.limitedUseRequests == 0)
    }
}
