// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One `setUserProperty` call recorded by ``FakeAnalytics``.
public struct LoggedUserProperty: Sendable, Equatable, Hashable {
    /// The user property's name.
    public var name: String
    /// The value set, or nil when the property was cleared.
    public var value: String?

    /// A recorded call setting `name` to `value`.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}
