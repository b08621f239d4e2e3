import FlintCore
import Foundation

/// Creates an ``AppCheckDebugProvider`` for every app: ``AppCheckLibrary``'s default factory.
///
/// The debug provider issues local tokens, an emulator for development and tests. Override the factory
/// (``AppCheckLibrary/providerFactory(_:)``) to change the lifetime or the clock, or to use a real provider.
public struct AppCheckDebugProviderFactory: AppCheckProviderFactory {
    /// The debug secret every provider records; nil: a random one per provider.
    public var debugToken: String?
    /// The lifetime of issued tokens, in seconds.
    public var tokenLifetime: TimeInterval
    /// The clock stamping tokens.
    public var now: @Sendable () -> Date

    /// A factory; by default one-hour tokens on the system clock.
    public init(debugToken: String? = nil, tokenLifetime: TimeInterval = 3600,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.debugToken = debugToken
        self.tokenLifetime = tokenLifetime
        self.now = now
    }

    /// A debug provider for `app`.
    public func createProvider(with app: FlintApp) -> (any AppCheckProvider)? {
        AppCheckDebugProvider(app: app, debugToken: debugToken, tokenLifetime: tokenLifetime, now: now)
    }
}
