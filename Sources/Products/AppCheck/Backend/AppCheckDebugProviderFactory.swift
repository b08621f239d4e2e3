// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// Creates an ``AppCheckDebugProvider`` for every app: ``AppCheckLibrary``'s default factory.
///
/// By default the providers are embedded: they mint local tokens, an emulator for development and tests.
/// With an ``endpoint`` they exchange the debug token with the App Check service or an emulator instead:
///
/// ```swift
/// AppCheckLibrary.providerFactory(AppCheckDebugProviderFactory(endpoint: .production))
/// AppCheckLibrary.providerFactory(AppCheckDebugProviderFactory(endpoint: .emulator(host: "127.0.0.1", port: 9099)))
/// ```
///
/// Override the factory (``AppCheckLibrary/providerFactory(_:)``) to change the mode, the lifetime or the
/// clock, or to use a real provider.
public struct AppCheckDebugProviderFactory: AppCheckProviderFactory {
    /// The debug secret every provider uses; nil: a random one per provider (an exchanging provider first
    /// looks at `AppCheckDebugToken`, then `FIRAAppCheckDebugToken`, in the environment).
    public var debugToken: String?
    /// The lifetime of tokens minted by embedded providers, in seconds.
    public var tokenLifetime: TimeInterval
    /// Where providers exchange the debug token; nil (the default): embedded providers minting local tokens.
    public var endpoint: AppCheckDebugEndpoint?
    /// The clock stamping tokens.
    public var now: @Sendable () -> Date

    /// A factory; by default embedded providers minting one-hour tokens on the system clock.
    public init(
        debugToken: String? = nil, tokenLifetime: TimeInterval = 3600,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.debugToken = debugToken
        self.tokenLifetime = tokenLifetime
        self.now = now
    }

    /// A factory of exchanging providers sending the debug token to `endpoint`.
    public init(
        endpoint: AppCheckDebugEndpoint, debugToken: String? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(debugToken: debugToken, now: now)
        self.endpoint = endpoint
    }

    /// A debug provider for `app`.
    public func createProvider(with app: FlintApp) -> (any AppCheckProvider)? {
        if let endpoint {
            return AppCheckDebugProvider(exchangingWith: app, endpoint: endpoint, debugToken: debugToken, now: now)
        }
        return AppCheckDebugProvider(app: app, debugToken: debugToken, tokenLifetime: tokenLifetime, now: now)
    }
}
