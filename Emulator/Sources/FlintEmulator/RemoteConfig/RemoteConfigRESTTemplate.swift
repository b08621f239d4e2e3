// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import FlintRemoteConfig
import Foundation

/// A Remote Config template in Firebase's REST JSON (`{"parameters": {key: {"defaultValue": {"value": "…"} |
/// {"useInAppDefault": true}, "conditionalValues": {condition: …}}}, "conditions": [{"name", "expression"}],
/// "parameterGroups": {…}, "version": {…}}`), checked and parsed for evaluation.
struct RemoteConfigRESTTemplate: @unchecked Sendable {
    /// A parameter's value for a client: a value, or "use the in-app default" (the key is left out).
    enum Value: Hashable {
        case value(String)
        case inAppDefault
    }

    struct Parameter {
        var defaultValue: Value?
        var conditionalValues: [String: Value]
    }

    /// The template as given, without its `version` (JSON values only: safe to share read-only).
    let json: [String: Any]
    /// The parameters, those of `parameterGroups` included.
    let parameters: [String: Parameter]
    /// The conditions in priority order.
    let conditions: [(name: String, expression: RemoteConfigExpression)]

    /// The empty template (no parameters, no conditions).
    static let empty = RemoteConfigRESTTemplate(json: [:], parameters: [:], conditions: [])

    private init(json: [String: Any], parameters: [String: Parameter], conditions: [(String, RemoteConfigExpression)]) {
        self.json = json
        self.parameters = parameters
        self.conditions = conditions.map { (name: $0.0, expression: $0.1) }
    }

    /// The template of `data`.
    ///
    /// - Throws: ``RemoteConfigTemplateJSONError`` naming the first problem (with its place in the JSON).
    init(data: Data) throws(RemoteConfigTemplateJSONError) {
        guard BoundedJSON.nestingIsBounded(data, maximumDepth: EmulatorRequest.maximumNesting),
            let value = try? JSONSerialization.jsonObject(with: data)
        else {
            throw RemoteConfigTemplateJSONError("the template is not valid JSON")
        }
        guard let object = value as? [String: Any] else {
            throw RemoteConfigTemplateJSONError("the template is not a JSON object")
        }
        try self.init(json: object)
    }

    /// The template of a JSON object.
    ///
    /// - Throws: ``RemoteConfigTemplateJSONError`` naming the first problem.
    init(json object: [String: Any]) throws(RemoteConfigTemplateJSONError) {
        var json = object
        json["version"] = nil
        // Conditions, in order, with unique names.
        var conditions: [(String, RemoteConfigExpression)] = []
        var names = Set<String>()
        guard let conditionList = object["conditions"] as? [Any] ?? (object["conditions"] == nil ? [] : nil) else {
            throw RemoteConfigTemplateJSONError("conditions is not an array")
        }
        guard conditionList.count <= RemoteConfigTemplate.maximumConditionCount else {
            throw RemoteConfigTemplateJSONError(
                "more than \(RemoteConfigTemplate.maximumConditionCount) conditions (\(conditionList.count))")
        }
        for (index, item) in conditionList.enumerated() {
            let place = "conditions[\(index)]"
            guard let condition = item as? [String: Any], let name = condition["name"] as? String, !name.isEmpty
            else { throw RemoteConfigTemplateJSONError("\(place) has no name") }
            guard names.insert(name).inserted else {
                throw RemoteConfigTemplateJSONError("\(place): the condition name '\(name.prefix(100))' is used twice")
            }
            guard let text = condition["expression"] as? String else {
                throw RemoteConfigTemplateJSONError("\(place) (\(name.prefix(100))) has no expression")
            }
            do {
                conditions.append((name, try RemoteConfigExpressionParser.parse(text)))
            } catch {
                throw error.at("\(place).expression")
            }
        }
        // Parameters, top-level and in groups, each key once.
        var parameters: [String: Parameter] = [:]
        var groups: [(String, Any?)] = [("parameters", object["parameters"])]
        if let groupObject = object["parameterGroups"] {
            guard let groupMap = groupObject as? [String: Any] else {
                throw RemoteConfigTemplateJSONError("parameterGroups is not an object")
            }
            for (name, group) in groupMap.sorted(by: { $0.key < $1.key }) {
                guard let group = group as? [String: Any] else {
                    throw RemoteConfigTemplateJSONError("parameterGroups.\(name.prefix(100)) is not an object")
                }
                groups.append(("parameterGroups.\(name.prefix(100)).parameters", group["parameters"]))
            }
        }
        for (place, value) in groups {
            guard let value else { continue }
            guard let map = value as? [String: Any] else {
                throw RemoteConfigTemplateJSONError("\(place) is not an object")
            }
            for (key, item) in map.sorted(by: { $0.key < $1.key }) {
                let keyPlace = "\(place).\(key.prefix(100))"
                guard !key.isEmpty, key.count <= RemoteConfigTemplate.maximumKeyLength else {
                    throw RemoteConfigTemplateJSONError(
                        "\(place): a key is empty or longer than \(RemoteConfigTemplate.maximumKeyLength) characters")
                }
                guard parameters[key] == nil else {
                    throw RemoteConfigTemplateJSONError("\(keyPlace): the parameter is defined twice")
                }
                guard let parameter = item as? [String: Any] else {
                    throw RemoteConfigTemplateJSONError("\(keyPlace) is not an object")
                }
                parameters[key] = try Self.parameter(parameter, at: keyPlace, conditions: names)
            }
        }
        guard parameters.count <= RemoteConfigTemplate.maximumParameterCount else {
            throw RemoteConfigTemplateJSONError(
                "more than \(RemoteConfigTemplate.maximumParameterCount) parameters (\(parameters.count))")
        }
        self.init(json: json, parameters: parameters, conditions: conditions)
    }

    private static func parameter(_ object: [String: Any], at place: String, conditions: Set<String>)
        throws(RemoteConfigTemplateJSONError) -> Parameter
    {
        var parameter = Parameter(defaultValue: nil, conditionalValues: [:])
        if let value = object["defaultValue"] {
            parameter.defaultValue = try Self.value(value, at: "\(place).defaultValue")
        }
        if let values = object["conditionalValues"] {
            guard let map = values as? [String: Any] else {
                throw RemoteConfigTemplateJSONError("\(place).conditionalValues is not an object")
            }
            for (name, value) in map {
                guard conditions.contains(name) else {
                    throw RemoteConfigTemplateJSONError(
                        "\(place).conditionalValues names the unknown condition '\(name.prefix(100))'")
                }
                parameter.conditionalValues[name] = try Self.value(
                    value, at: "\(place).conditionalValues.\(name.prefix(100))")
            }
        }
        return parameter
    }

    /// `{"value": "…"}` or `{"useInAppDefault": true}`.
    private static func value(_ value: Any, at place: String) throws(RemoteConfigTemplateJSONError) -> Value {
        guard let object = value as? [String: Any] else {
            throw RemoteConfigTemplateJSONError("\(place) is not an object")
        }
        if let text = object["value"] as? String { return .value(text) }
        if object["useInAppDefault"] as? Bool == true { return .inAppDefault }
        throw RemoteConfigTemplateJSONError("\(place) has neither a string value nor useInAppDefault: true")
    }

    /// The entries for the client of `request`: for each parameter, the value of the first condition (in
    /// template order) that matches and has a value for it, else its default; "use the in-app default" and
    /// parameters without a value are left out.
    func evaluate(for request: RemoteConfigFetchRequest) -> [String: String] {
        let matching = conditions.filter { $0.expression.matches(request) }.map(\.name)
        var entries: [String: String] = [:]
        for (key, parameter) in parameters {
            let chosen =
                matching.first { parameter.conditionalValues[$0] != nil }.flatMap { parameter.conditionalValues[$0] }
                ?? parameter.defaultValue
            if case .value(let text) = chosen { entries[key] = text }
        }
        return entries
    }
}
