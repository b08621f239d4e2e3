// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One template parameter: a default value and values for conditions.
public struct RemoteConfigParameter: Sendable, Hashable {
    /// The value when no condition with a value matches; nil means "use the in-app default" (the key is left
    /// out of the client's config).
    public var defaultValue: String?
    /// Values by condition name; the first condition of the template's ordered list that matches and has a
    /// value here wins.
    public var conditionalValues: [String: String]

    /// A parameter with `defaultValue` and `conditionalValues`.
    public init(defaultValue: String?, conditionalValues: [String: String] = [:]) {
        self.defaultValue = defaultValue
        self.conditionalValues = conditionalValues
    }
}
