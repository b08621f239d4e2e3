// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a view watches: a query, or one document.
enum ViewKind: Sendable {
    case query(QueryMatcher)
    case document(ResourcePath)

    /// The entry for `document` if it belongs to the view (filters, cursors; not the limit).
    func entry(for document: Document) -> ViewEntry? {
        switch self {
        case .query(let matcher):
            return matcher.entry(for: document)
        case .document(let path):
            return document.path == path ? ViewEntry(document: document, sortKey: []) : nil
        }
    }

    /// The view's order.
    func compare(_ lhs: ViewEntry, _ rhs: ViewEntry) -> Int {
        switch self {
        case .query(let matcher): return matcher.compare(lhs, rhs)
        case .document: return 0
        }
    }

    /// The limit and whether it keeps the last documents.
    var limit: (count: Int, last: Bool)? {
        if case .query(let matcher) = self, let count = matcher.query.limit {
            return (count, matcher.query.limitToLast)
        }
        return nil
    }
}
