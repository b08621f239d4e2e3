// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a client listens to or reads through a ``DatabaseBackend``: a location and, for a query, its order,
/// range and limit. Opaque, apart from the location.
public struct DatabaseBackendQuery: Sendable, Equatable {
    /// The query.
    let spec: QuerySpec

    /// The location, as `/a/b` (`/` for the root).
    public var path: String { spec.path.description }

    /// Whether this is a plain location (every child, in the default order).
    public var isDefault: Bool { spec.isDefault }
}
