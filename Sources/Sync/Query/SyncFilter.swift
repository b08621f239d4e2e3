// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One condition of a ``SyncQuery``: a field (dot-separated path), an operator and a value.
public struct SyncFilter: Sendable, Hashable, Codable {
    /// The field's dot-separated path.
    public var field: String
    /// The comparison.
    public var op: SyncFilterOperator
    /// The value compared with (an array for ``SyncFilterOperator/isIn``, ``SyncFilterOperator/notIn`` and
    /// ``SyncFilterOperator/arrayContainsAny``).
    public var value: SyncValue

    /// A filter on `field`.
    public init(field: String, op: SyncFilterOperator, value: SyncValue) {
        self.field = field
        self.op = op
        self.value = value
    }
}
