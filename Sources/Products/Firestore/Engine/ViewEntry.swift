/// A document in a query's order: the document and its values for each of the query's orderings.
struct ViewEntry: Sendable {
    let document: Document
    let sortKey: [Value]
}
