// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
extension ComponentContainer {
    /// The instance for `type`, converted to `target`: the down-cast of the combined-protocol pattern, where a
    /// component for a product's concrete type is served by the instance of a combined protocol.
    ///
    /// ```swift
    /// Component(Auth.self, dependencies: [.required(AuthCombinedInterop.self)]) { container, _ in
    ///     try container.require(AuthCombinedInterop.self, as: Auth.self)
    /// }
    /// ```
    ///
    /// - Throws: the errors of ``require(_:)-(T.Type)``, and ``ComponentError/instanceDoesNotConform(type:instanceType:)``
    ///   (naming `target` and the instance's dynamic type) when the instance is not a `target`, for example
    ///   when an override serves `type` with another class.
    public func require<T: Sendable, U: Sendable>(_ type: T.Type, as target: U.Type) throws(ComponentError) -> U {
        let instance = try require(type)
        guard let converted = instance as? U else {
            throw .instanceDoesNotConform(
                type: readableTypeName(target),
                instanceType: readableTypeName(Swift.type(of: instance as Any)))
        }
        return converted
    }
}
