// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// A recording stand-in for Analytics.
///
/// ```swift
/// let analytics = FakeAnalytics()
/// let app = try TestApp.make(overrides: analytics.components)
/// // ... code under test logs ...
/// #expect(analytics.loggedEvents == [LoggedAnalyticsEvent(name: "listener_start", parameters: ["key": "users"])])
/// ```
///
/// Thread-safe; all state sits behind one `Locked`.
public final class FakeAnalytics: AnalyticsInterop, Sendable {
    private struct State {
        var loggedEvents: [LoggedAnalyticsEvent] = []
        var userPropertyCalls: [LoggedUserProperty] = []
        var userProperties: [String: String] = [:]
    }

    private let state = Locked(State())

    /// A fake Analytics with nothing logged.
    public init() {}

    /// A component serving this instance as `AnalyticsInterop`, for `overrides`.
    public var components: [Component] {
        [Component.instance(self, as: AnalyticsInterop.self)]
    }

    // MARK: - Recorded calls

    /// Every logged event, in call order.
    public var loggedEvents: [LoggedAnalyticsEvent] { state.withLock { $0.loggedEvents } }

    /// The logged events named `name`, in call order.
    public func events(named name: String) -> [LoggedAnalyticsEvent] {
        state.withLock { $0.loggedEvents.filter { $0.name == name } }
    }

    /// Every `setUserProperty` call, in call order.
    public var userPropertyCalls: [LoggedUserProperty] { state.withLock { $0.userPropertyCalls } }

    /// The user properties as they stand after every call (cleared ones are absent).
    public var userProperties: [String: String] { state.withLock { $0.userProperties } }

    /// Forgets every event and user property.
    public func reset() {
        state.withLock { $0 = State() }
    }

    // MARK: - AnalyticsInterop

    /// Records the event.
    public func logEvent(_ name: String, parameters: [String: String]) {
        state.withLock { $0.loggedEvents.append(LoggedAnalyticsEvent(name: name, parameters: parameters)) }
    }

    /// Records the call and updates ``userProperties`` (nil removes the property).
    public func setUserProperty(_ value: String?, forName name: String) {
        state.withLock {
            $0.userPropertyCalls.append(LoggedUserProperty(name: name, value: value))
            $0.userProperties[name] = value
        }
    }
}
