// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// A clock that tests move by hand, for expiry rules (token lifetimes, refresh windows) without sleeping.
/// Pass ``closure`` wherever a product takes a `now: @Sendable () -> Date`.
///
/// ```swift
/// let clock = TestClock()
/// let app = try TestApp.make(libraries: [AuthLibrary.self], overrides: [AuthLibrary.settings(AuthSettings(now: clock.closure))])
/// clock.advance(by: 56 * 60)   // the cached ID token now has less than five minutes left
/// ```
public final class TestClock: Sendable {
    private let date: Locked<Date>

    /// A clock reading `start`, by default a whole second (so whole-second token timestamps equal readings).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
        date = Locked(start)
    }

    /// The current reading.
    public func now() -> Date { date.withLock { $0 } }

    /// The clock as a closure for `now:` parameters.
    public var closure: @Sendable () -> Date { { self.now() } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
