// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One `logEvent` call recorded by ``FakeAnalytics``.
public struct LoggedAnalyticsEvent: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The event name.
    public var name: String
    /// The event parameters.
    public var parameters: [String: String]

    /// A recorded event named `name` with `parameters`.
    public init(name: String, parameters: [String: String] = [:]) {
        self.name = name
        self.parameters = parameters
    }

    /// `name` followed by the parameters sorted by key, e.g. `purchase [item=book, value=3]`.
    public var description: String {
        let sorted = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(name) [\(sorted.joined(separator: ", "))]"
    }
}
