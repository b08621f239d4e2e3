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
