// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// App Check's clock, for the rule that a cached token is used only while it expires more than five minutes
/// from now. Add it as an override (``AppCheckLibrary/settings(_:)``) to control time in tests.
public struct AppCheckSettings: Sendable {
    /// The clock.
    public var now: @Sendable () -> Date

    /// Settings with the given clock (the system clock by default).
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }
}
