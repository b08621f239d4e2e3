// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// When Installations may ask its backend again after failures (Firebase's backoff controller, without the
/// random milliseconds): after `count` server errors in a row (HTTP 429 or 5xx) it waits 2^`count` seconds, at
/// most 30 minutes; after a refusal (HTTP 400 or 403, ``InstallationsBackendError/invalidConfiguration(_:)``)
/// 24 hours. A success clears it. Network failures do not count.
public struct InstallationsBackoff: Sendable, Hashable {
    /// The longest wait after server errors: 30 minutes.
    public static let maximumRecoverableInterval: TimeInterval = 30 * 60
    /// The wait after a refusal: 24 hours.
    public static let unrecoverableInterval: TimeInterval = 24 * 60 * 60

    /// Whether the last failure was a refusal (no retry for a day).
    public let isUnrecoverable: Bool
    /// How many failures of that kind came in a row.
    public let count: Int
    /// When the last one happened.
    public let lastFailure: Date

    /// How long to wait after ``lastFailure``.
    public var interval: TimeInterval {
        isUnrecoverable
            ? Self.unrecoverableInterval : min(pow(2, Double(min(count, 30))), Self.maximumRecoverableInterval)
    }

    /// When the next request is allowed.
    public var retryDate: Date { lastFailure.addingTimeInterval(interval) }

    /// The backoff after one more failure of the given kind at `now`, following `previous`.
    static func after(_ previous: InstallationsBackoff?, unrecoverable: Bool, at now: Date) -> InstallationsBackoff {
        let count = previous.map { $0.isUnrecoverable == unrecoverable ? $0.count + 1 : 1 } ?? 1
        return InstallationsBackoff(isUnrecoverable: unrecoverable, count: count, lastFailure: now)
    }
}
