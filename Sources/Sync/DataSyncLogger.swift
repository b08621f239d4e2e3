/// Where the engines send analytics events (the seed's `DataSyncLogger`). Events are named
/// `{managerKey}_{event}` (`users_listener_start`); parameter values are strings, as `AnalyticsInterop` takes.
public protocol DataSyncLogger: Sendable {
    /// Records one event.
    func trackEvent(name: String, parameters: [String: String])
}
