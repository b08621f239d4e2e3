// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A document in a query's order: the document and its values for each of the query's orderings.
struct ViewEntry: Sendable {
    let document: Document
    let sortKey: [Value]
}
