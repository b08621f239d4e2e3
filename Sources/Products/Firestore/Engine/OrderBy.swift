/// One ordering of a query: a field and a direction.
struct OrderBy: Sendable, Hashable {
    let field: FieldPath
    let descending: Bool
}
