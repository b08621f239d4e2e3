// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The persisted form of a ``Mutation`` in a ``ClientCacheFile`` (field paths as their names).
struct StoredMutation: Codable {
    /// A persisted field transform.
    enum Operation: Codable {
        case serverTimestamp
        case increment(Value)
        case arrayUnion([Value])
        case arrayRemove([Value])
    }

    /// A persisted precondition.
    enum StoredPrecondition: Codable {
        case none
        case exists(Bool)
        case updateVersion(Int64)
    }

    var path: [String]
    /// `set`, `patch`, `delete` or `verify`.
    var kind: String
    var fields: [String: Value]?
    var mask: [[String]]?
    var transforms: [[String]]
    var operations: [Operation]
    var precondition: StoredPrecondition

    /// The persisted form of `mutation`.
    init(_ mutation: Mutation) {
        path = mutation.path.segments
        switch mutation.kind {
        case .set(let fields):
            kind = "set"
            self.fields = fields
        case .patch(let fields, let mask):
            kind = "patch"
            self.fields = fields
            self.mask = mask.map(\.segments)
        case .delete:
            kind = "delete"
        case .verify:
            kind = "verify"
        }
        transforms = mutation.transforms.map(\.field.segments)
        operations = mutation.transforms.map {
            switch $0.operation {
            case .serverTimestamp: .serverTimestamp
            case .increment(let value): .increment(value)
            case .arrayUnion(let values): .arrayUnion(values)
            case .arrayRemove(let values): .arrayRemove(values)
            }
        }
        switch mutation.precondition {
        case .none: precondition = .none
        case .exists(let exists): precondition = .exists(exists)
        case .updateVersion(let version): precondition = .updateVersion(version)
        }
    }

    /// The mutation, or nil when the record is inconsistent.
    var mutation: Mutation? {
        let kind: Mutation.Kind
        switch self.kind {
        case "set":
            guard let fields else { return nil }
            kind = .set(fields)
        case "patch":
            guard let fields, let mask else { return nil }
            kind = .patch(fields, mask: mask.map(FieldPath.init))
        case "delete": kind = .delete
        case "verify": kind = .verify
        default: return nil
        }
        guard transforms.count == operations.count, !path.isEmpty else { return nil }
        let fieldTransforms = zip(transforms, operations).map { field, operation in
            let converted: TransformOperation =
                switch operation {
                case .serverTimestamp: .serverTimestamp
                case .increment(let value): .increment(value)
                case .arrayUnion(let values): .arrayUnion(values)
                case .arrayRemove(let values): .arrayRemove(values)
                }
            return FieldTransform(field: FieldPath(field), operation: converted)
        }
        let precondition: Precondition =
            switch self.precondition {
            case .none: .none
            case .exists(let exists): .exists(exists)
            case .updateVersion(let version): .updateVersion(version)
            }
        return Mutation(path: ResourcePath(path), kind: kind, transforms: fieldTransforms, precondition: precondition)
    }
}
