// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One ordering of a ``SyncQuery``.
public struct SyncOrder: Sendable, Hashable, Codable {
    /// The field's dot-separated path.
    public var field: String
    /// Whether larger values come first.
    public var descending: Bool

    /// An ordering by `field`.
    public init(field: String, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }
}
