// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Options for one callable reference (Firebase's `HTTPSCallableOptions`).
public struct HTTPSCallableOptions: Sendable, Hashable {
    /// Send a limited-use App Check token (`getLimitedUseToken()`, replay protection) instead of the
    /// cached one. False by default.
    public var requireLimitedUseAppCheckTokens: Bool

    /// Options with `requireLimitedUseAppCheckTokens` (false by default).
    public init(requireLimitedUseAppCheckTokens: Bool = false) {
        self.requireLimitedUseAppCheckTokens = requireLimitedUseAppCheckTokens
    }
}
