// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Why ``RemoteConfigTemplate/validate()`` (and so ``LocalRemoteConfigBackend/publish(_:)``) refused a template.
public enum RemoteConfigTemplateError: Error, Sendable, Hashable {
    /// Two conditions have this name.
    case duplicateCondition(String)
    /// The parameter has a value for a condition the template does not have.
    case unknownCondition(parameter: String, condition: String)
    /// A parameter key is empty or longer than ``RemoteConfigTemplate/maximumKeyLength`` characters.
    case invalidKey(String)
    /// The template has more parameters than ``RemoteConfigTemplate/maximumParameterCount``.
    case tooManyParameters(Int)
    /// The template has more conditions than ``RemoteConfigTemplate/maximumConditionCount``.
    case tooManyConditions(Int)
    /// The condition nests deeper than ``RemoteConfigTemplate/maximumConditionDepth`` levels.
    case conditionTooDeep(String)
    /// The condition has a percent range that is not `0 <= lower <= upper <= 100`.
    case invalidPercentRange(String)
}
