// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
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

    /// The most parameters a template may have (Firebase's limit).
    public static let maximumParameterCount = 3000
    /// The most conditions a template may have.
    public static let maximumConditionCount = 2000
    /// The longest parameter key, in characters.
    public static let maximumKeyLength = 256
    /// The deepest nesting of `all`, `any` and `not` in one condition.
    public static let maximumConditionDepth = 10

    /// Checks the template as Firebase's server does before publishing it.
    ///
    /// - Throws: ``RemoteConfigTemplateError`` naming the first problem found.
    public func validate() throws(RemoteConfigTemplateError) {
        guard parameters.count <= Self.maximumParameterCount else { throw .tooManyParameters(parameters.count) }
        guard conditions.count <= Self.maximumConditionCount else { throw .tooManyConditions(conditions.count) }
        var names = Set<String>()
        for condition in conditions {
            guard names.insert(condition.name).inserted else { throw .duplicateCondition(condition.name) }
            if condition.expression.nestsDeeper(than: Self.maximumConditionDepth) {
                throw .conditionTooDeep(condition.name)
            }
            if condition.expression.hasInvalidPercentRange { throw .invalidPercentRange(condition.name) }
        }
        for (key, parameter) in parameters.sorted(by: { $0.key < $1.key }) {
            guard !key.isEmpty, key.count <= Self.maximumKeyLength else { throw .invalidKey(key) }
            if let unknown = parameter.conditionalValues.keys.sorted().first(where: { !names.contains($0) }) {
                throw .unknownCondition(parameter: key, condition: unknown)
            }
        }
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
