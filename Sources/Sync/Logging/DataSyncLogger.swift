// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Where the engines send analytics events (the seed's `DataSyncLogger`). Events are named
/// `{managerKey}_{event}` (`users_listener_start`); parameter values are strings, as `AnalyticsInterop` takes.
public protocol DataSyncLogger: Sendable {
    /// Records one event.
    func trackEvent(name: String, parameters: [String: String])
}
