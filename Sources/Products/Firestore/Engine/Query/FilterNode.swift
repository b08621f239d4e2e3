// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A query's filter tree: field filters combined with AND / OR.
indirect enum FilterNode: Sendable, Equatable {
    case field(FieldFilter)
    case and([FilterNode])
    case or([FilterNode])

    /// Whether `document` passes.
    func matches(_ document: Document, database: String) -> Bool {
        switch self {
        case .field(let filter): return filter.matches(document, database: database)
        case .and(let filters): return filters.allSatisfy { $0.matches(document, database: database) }
        case .or(let filters): return filters.contains { $0.matches(document, database: database) }
        }
    }

    /// Every field filter in the tree.
    var fieldFilters: [FieldFilter] {
        switch self {
        case .field(let filter): return [filter]
        case .and(let filters), .or(let filters): return filters.flatMap(\.fieldFilters)
        }
    }
}
