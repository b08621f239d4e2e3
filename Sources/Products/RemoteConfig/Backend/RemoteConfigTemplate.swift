/// A Remote Config template: parameters and ordered conditions (Firebase's server template). Publish it with
/// ``LocalRemoteConfigBackend/publish(_:)``.
///
/// ```swift
/// backend.publish(RemoteConfigTemplate(
///     parameters: ["welcome": RemoteConfigParameter(defaultValue: "Hello", conditionalValues: ["beta": "Hi, tester"])],
///     conditions: [RemoteConfigCondition(name: "beta", expression: .percent(lowerBound: 0, upperBound: 10))]))
/// ```
public struct RemoteConfigTemplate: Sendable, Hashable {
    /// The parameters, by key.
    public var parameters: [String: RemoteConfigParameter]
    /// The conditions, in priority order.
    public var conditions: [RemoteConfigCondition]

    /// A template of `parameters` and `conditions`.
    public init(parameters: [String: RemoteConfigParameter] = [:], conditions: [RemoteConfigCondition] = []) {
        self.parameters = parameters
        self.conditions = conditions
    }

    /// A template whose parameters all have plain default values.
    public init(values: [String: String]) {
        self.init(parameters: values.mapValues { RemoteConfigParameter(defaultValue: $0) })
    }

    /// The values for the client described by `request`: for each parameter, the value of the first matching
    /// condition that has one, else its default; parameters without either are left out.
    public func evaluate(for request: RemoteConfigFetchRequest) -> [String: String] {
        let matching = conditions.filter { $0.expression.matches(request) }.map(\.name)
        var entries: [String: String] = [:]
        for (key, parameter) in parameters {
            if let name = matching.first(where: { parameter.conditionalValues[$0] != nil }) {
                entries[key] = parameter.conditionalValues[name]
            } else if let value = parameter.defaultValue {
                entries[key] = value
            }
        }
        return entries
    }
}
