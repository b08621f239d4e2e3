// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck
@testable import FlintInstallations

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

/// An App Check provider numbering its tokens, or failing with `unknown` while `fails` is set.
final class CountingAppCheckProvider: AppCheckProvider, AppCheckProviderFactory {
    private let count = Locked(0)
    let fails = Locked(false)

    func getToken() async throws -> AppCheckToken {
        if fails.withLock({ $0 }) { throw AppCheckError(.unknown, failureReason: "refused by the test") }
        let number = count.withLock {
            $0 += 1
            return $0
        }
        return AppCheckToken(token: "token-\(number)", expirationDate: Date().addingTimeInterval(3600))
    }

    func createProvider(with app: FlintApp) -> (any AppCheckProvider)? { self }
}

/// An App Check of an app of its own, with its provider.
func makeAppCheck() throws -> (FlintApp, AppCheck, CountingAppCheckProvider) {
    let provider = CountingAppCheckProvider()
    let app = try TestApp.make(
        libraries: [AppCheckLibrary.self],
        overrides: [
            AppCheckLibrary.providerFactory(provider),
            AppCheckLibrary.settings(AppCheckSettings(isTokenAutoRefreshEnabled: false)),
        ])
    return (app, try app.container.require(AppCheck.self), provider)
}

@Suite("App Check publisher and futures", .timeLimit(.minutes(1)))
struct AppCheckCombineTests {
    @Test func tokenDidChangePublisherSendsEachNewTokenInOrder() async throws {
        let (_, appCheck, _) = try makeAppCheck()
        let recorder = Recorder(appCheck.tokenDidChangePublisher())
        try await waitUntil { appCheck.listenerCount == 2 }  // the publisher's listener and its stream's
        let first = try await outcome(of: appCheck.token(forcingRefresh: true) as Future<_, AppCheckError>).get()
        try await recorder.waitForValues(1)
        let second = try await appCheck.token(forcingRefresh: true)
        #expect(try await recorder.waitForValues(2).map(\.token) == [first.token, second.token])
    }

    @Test func cancellingRemovesTheListenerAndDeletionFinishes() async throws {
        let (app, appCheck, _) = try makeAppCheck()
        let cancelled = Recorder(appCheck.tokenDidChangePublisher())
        let kept = Recorder(appCheck.tokenDidChangePublisher())
        try await waitUntil { appCheck.listenerCount == 4 }
        cancelled.cancel()
        try await waitUntil { appCheck.listenerCount == 2 }
        _ = try await appCheck.token(forcingRefresh: true)
        try await kept.waitForValues(1)
        #expect(cancelled.values.isEmpty)
        await app.delete()
        #expect(isFinished(try await kept.waitForCompletion()))
        #expect(appCheck.listenerCount == 0)
    }

    @Test func tokenFutureFailsWithAppCheckError() async throws {
        let (_, appCheck, provider) = try makeAppCheck()
        provider.fails.withLock { $0 = true }
        let future: Future<AppCheckToken, AppCheckError> = appCheck.token(forcingRefresh: true)
        #expect(try await outcome(of: future).failure?.code == .unknown)
        let limited: Future<AppCheckToken, AppCheckError> = appCheck.limitedUseToken()
        #expect(try await outcome(of: limited).failure != nil)
    }
}

@Suite("Installations publisher and futures", .timeLimit(.minutes(1)))
struct InstallationsCombineTests {
    func makeInstallations() throws -> (FlintApp, Installations) {
        let app = try TestApp.make(
            libraries: [InstallationsLibrary.self],
            overrides: [InstallationsLibrary.backend(LocalInstallationsBackend())])
        return (app, try Installations.installations(app: app))
    }

    @Test func installationIDChangePublisherSendsTheNewIDs() async throws {
        let (_, installations) = try makeInstallations()
        let recorder = Recorder(installations.installationIDChangePublisher())
        try await waitUntil { installations.listenerCount == 2 }  // the publisher's listener and its stream's
        let first = try await outcome(of: installations.installationID() as Future<String, InstallationsError>).get()
        try await recorder.waitForValues(1)
        try await outcome(of: installations.delete() as Future<Void, InstallationsError>).get()
        let second = try await installations.installationID()
        let ids = try await recorder.waitForValues(2)
        #expect(ids.first == first)
        #expect(ids.last == second)
        #expect(first != second)
    }

    @Test func cancellingRemovesTheListenerAndDeletionFinishes() async throws {
        let (app, installations) = try makeInstallations()
        let cancelled = Recorder(installations.installationIDChangePublisher())
        let kept = Recorder(installations.installationIDChangePublisher())
        try await waitUntil { installations.listenerCount == 4 }
        cancelled.cancel()
        try await waitUntil { installations.listenerCount == 2 }
        _ = try await installations.installationID()
        try await kept.waitForValues(1)
        #expect(cancelled.values.isEmpty)
        await app.delete()
        #expect(isFinished(try await kept.waitForCompletion()))
        #expect(installations.listenerCount == 0)
    }

    @Test func authTokenFutureSucceedsThenFailsOnceTheAppIsDeleted() async throws {
        let (app, installations) = try makeInstallations()
        let token = try await outcome(of: installations.authToken() as Future<_, InstallationsError>).get()
        #expect(!token.authToken.isEmpty)
        await app.delete()
        let future: Future<InstallationsAuthTokenResult, InstallationsError> = installations.authToken(
            forcingRefresh: true)
        #expect(try await outcome(of: future).failure != nil)
    }
}
