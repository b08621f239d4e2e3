/// User data turned into what a mutation needs: stored fields, the field mask of a merge or update, and
/// the field transforms of ``FieldValue`` sentinels.
struct ParsedData: Sendable {
    var fields: ObjectValue = [:]
    var mask: [FieldPath] = []
    var transforms: [FieldTransform] = []

    /// A full replacement.
    func setMutation(at path: ResourcePath) -> Mutation {
        Mutation(path: path, kind: .set(fields), transforms: transforms)
    }

    /// A merge (creates the document when missing).
    func mergeMutation(at path: ResourcePath) -> Mutation {
        Mutation(path: path, kind: .patch(fields, mask: mask), transforms: transforms)
    }

    /// An update (the document must exist).
    func updateMutation(at path: ResourcePath) -> Mutation {
        Mutation(path: path, kind: .patch(fields, mask: mask), transforms: transforms, precondition: .exists(true))
    }
}
