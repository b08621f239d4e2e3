// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// App Check's clock (for the rule that a cached token is used only while it expires more than five minutes
/// from now) and its automatic refresh. Add it as an override (``AppCheckLibrary/settings(_:)``) to control time
/// in tests or to decide automatic refresh.
///
/// ```swift
/// AppCheckLibrary.settings(AppCheckSettings(isTokenAutoRefreshEnabled: false))
/// ```
public struct AppCheckSettings: Sendable {
    /// The clock.
    public var now: @Sendable () -> Date
    /// ``AppCheck/isTokenAutoRefreshEnabled`` until it is set (Firebase's `FirebaseAppCheckTokenAutoRefreshEnabled`
    /// Info.plist key); nil (the default) follows the app's `isDataCollectionDefaultEnabled` as it is at each use,
    /// as in Firebase.
    public var isTokenAutoRefreshEnabled: Bool?
    /// Where automatic refreshes are scheduled: by default an ``AppCheckTaskRefreshScheduler`` on ``now``.
    public var refreshScheduler: any AppCheckRefreshScheduler

    /// Settings with the given clock (the system clock by default), automatic refresh as
    /// `isTokenAutoRefreshEnabled` says (nil: as the app's data collection switch), and refreshes scheduled by
    /// `refreshScheduler` (a task sleeping on `now` when nil).
    public init(
        now: @escaping @Sendable () -> Date = { Date() }, isTokenAutoRefreshEnabled: Bool? = nil,
        refreshScheduler: (any AppCheckRefreshScheduler)? = nil
    ) {
        self.now = now
        self.isTokenAutoRefreshEnabled = isTokenAutoRefreshEnabled
        self.refreshScheduler = refreshScheduler ?? AppCheckTaskRefreshScheduler(now: now)
    }
}
