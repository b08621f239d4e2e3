// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A named condition of a template.
public struct RemoteConfigCondition: Sendable, Hashable {
    /// The name parameters refer to.
    public var name: String
    /// When it matches.
    public var expression: RemoteConfigConditionExpression

    /// A condition `name` matching `expression`.
    public init(name: String, expression: RemoteConfigConditionExpression) {
        self.name = name
        self.expression = expression
    }
}
