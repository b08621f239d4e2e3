/// What Analytics offers other products: logging events and setting user properties on their behalf
/// (for example a sync engine logging `listener_start`).
///
/// Parameter values are strings. Firebase accepts `[String: Any]` here; Flint keeps the interop
/// surface `Sendable` and `Equatable`-friendly instead, so that a fake can record calls as plain values
/// and tests can compare them. Convert numbers with `String(describing:)` before logging.
public protocol AnalyticsInterop: AnyObject, Sendable {
    /// Logs an event named `name` (for example `"select_content"`) with its parameters.
    func logEvent(_ name: String, parameters: [String: String])

    /// Sets the user property `name` to `value`; nil clears it.
    func setUserProperty(_ value: String?, forName name: String)
}
