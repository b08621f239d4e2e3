// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

@testable import FlintAppCheck

/// A provider that numbers its tokens, counts requests, can fail and can hold requests at a gate.
final class SpyAppCheckProvider: AppCheckProvider {
    private struct State {
        var tokenRequests = 0
        var limitedUseRequests = 0
        var error: (any Error)?
    }

    private let state = Locked(State())
    private let clock: TestClock
    private let lifetime: TimeInterval
    private let gate: Gate?

    init(clock: TestClock, lifetime: TimeInterval = 3600, gate: Gate? = nil) {
        self.clock = clock
        self.lifetime = lifetime
        self.gate = gate
    }

    var tokenRequests: Int { state.withLock { $0.tokenRequests } }
    var limitedUseRequests: Int { state.withLock { $0.limitedUseRequests } }

    /// Thrown by every request while set.
    var error: (any Error)? {
        get { state.withLock { $0.error } }
        set { state.withLock { $0.error = newValue } }
    }

    func getToken() async throws -> AppCheckToken {
        let (number, error) = state.withLock { state in
            state.tokenRequests += 1
            return (state.tokenRequests, state.error)
        }
        await gate?.wait()
        if let error { throw error }
        return AppCheckToken(token: "token-\(number)", expirationDate: clock.now().addingTimeInterval(lifetime))
    }

    func getLimitedUseToken() async throws -> AppCheckToken {
        let (number, error) = state.withLock { state in
            state.limitedUseRequests += 1
            return (state.limitedUseRequests, state.error)
        }
        if let error { throw error }
        return AppCheckToken(token: "limited-\(number)", expirationDate: clock.now().addingTimeInterval(lifetime))
    }
}

/// A factory handing out one given provider (or none), recording the apps it was asked for.
final class SpyProviderFactory: AppCheckProviderFactory {
    private let provider: (any AppCheckProvider)?
    private let apps = Locked<[String]>([])

    init(_ provider: (any AppCheckProvider)?) {
        self.provider = provider
    }

    var requestedApps: [String] { apps.withLock { $0 } }

    func createProvider(with app: FlintApp) -> (any AppCheckProvider)? {
        apps.withLock { $0.append(app.name) }
        return provider
    }
}

/// Records the tokens a listener was called with.
final class TokenRecorder: Sendable {
    private let tokens = Locked<[String]>([])
    var listener: @Sendable (AppCheckToken) -> Void { { token in self.tokens.withLock { $0.append(token.token) } } }
    var values: [String] { tokens.withLock { $0 } }
}

/// An app with App Check using a spy provider, a test clock and a refresh scheduler fired by hand (automatic
/// refresh off unless asked).
struct AppCheckFixture {
    let app: FlintApp
    let appCheck: AppCheck
    let provider: SpyAppCheckProvider
    let clock: TestClock
    let scheduler: FakeRefreshScheduler

    init(
        lifetime: TimeInterval = 3600, gate: Gate? = nil, autoRefresh: Bool = false,
        scheduler: FakeRefreshScheduler = FakeRefreshScheduler()
    ) throws {
        let clock = TestClock()
        let provider = SpyAppCheckProvider(clock: clock, lifetime: lifetime, gate: gate)
        app = try TestApp.make(
            libraries: [AppCheckLibrary.self],
            overrides: [
                AppCheckLibrary.providerFactory(SpyProviderFactory(provider)),
                AppCheckLibrary.settings(
                    AppCheckSettings(
                        now: clock.closure, isTokenAutoRefreshEnabled: autoRefresh, refreshScheduler: scheduler)),
            ])
        appCheck = try app.container.require(AppCheck.self)
        self.scheduler = scheduler
        self.provider = provider
        self.clock = clock
    }
}
