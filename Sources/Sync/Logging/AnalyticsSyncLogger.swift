// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop

/// A ``DataSyncLogger`` logging to an app's `AnalyticsInterop` (Analytics, or a fake in tests). Engines made for
/// an app use it on their own when the app has an `AnalyticsInterop` component and no logger is passed.
public struct AnalyticsSyncLogger: DataSyncLogger {
    private let analytics: any AnalyticsInterop

    /// Logs to `analytics`.
    public init(analytics: any AnalyticsInterop) {
        self.analytics = analytics
    }

    /// Logs the event through `AnalyticsInterop.logEvent`.
    public func trackEvent(name: String, parameters: [String: String]) {
        analytics.logEvent(name, parameters: parameters)
    }
}
