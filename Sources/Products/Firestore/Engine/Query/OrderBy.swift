// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One ordering of a query: a field and a direction.
struct OrderBy: Sendable, Hashable {
    let field: FieldPath
    let descending: Bool
}
