// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What Analytics offers other products: logging events and setting user properties on their behalf
/// (for example a sync engine logging `listener_start`), and reading the user properties set (Remote
/// Config's conditions target them).
///
/// Parameter values are strings. Firebase accepts `[String: Any]` here; Flint keeps the interop
/// surface `Sendable` and `Equatable`-friendly instead, so that a fake can record calls as plain values
/// and tests can compare them. Convert numbers with `String(describing:)` before logging.
public protocol AnalyticsInterop: AnyObject, Sendable {
    /// Logs an event named `name` (for example `"select_content"`) with its parameters.
    func logEvent(_ name: String, parameters: [String: String])

    /// Sets the user property `name` to `value`; nil clears it.
    func setUserProperty(_ value: String?, forName name: String)

    /// The user properties set now, by name (Firebase's `getUserProperties(callback:)`). Empty unless the
    /// conformer implements it.
    var userProperties: [String: String] { get }
}

extension AnalyticsInterop {
    /// No user properties: the default for conformers that do not keep them.
    public var userProperties: [String: String] { [:] }
}
