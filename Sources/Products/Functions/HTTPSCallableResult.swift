// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The result of a callable function (Firebase's `HTTPSCallableResult`).
public struct HTTPSCallableResult: Sendable, Hashable {
    /// The value the function returned, Int64 wrappers decoded.
    public let data: CallableValue

    /// A result holding `data`.
    public init(data: CallableValue) {
        self.data = data
    }
}
