// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a transform does to one field (from a ``FieldValue`` sentinel).
enum TransformOperation: Sendable {
    case serverTimestamp
    case increment(Value)
    case arrayUnion([Value])
    case arrayRemove([Value])
}

/// A transform of one field.
struct FieldTransform: Sendable {
    let field: FieldPath
    let operation: TransformOperation
}

/// A condition the backend checks before applying a write.
enum Precondition: Sendable, Equatable {
    /// None.
    case none
    /// The document must exist (`true`, as `updateData` requires) or must not exist (`false`).
    case exists(Bool)
    /// The document must still be at this version (0: must still be missing); used by transactions. A
    /// mismatch is ``RPCStatusCode/failedPrecondition``, as the backend answers.
    case updateVersion(Int64)
}

/// A write to one document: set, patch or delete, then field transforms.
struct Mutation: Sendable {
    /// What to do with the fields.
    enum Kind: Sendable {
        /// Replace every field.
        case set(ObjectValue)
        /// For each path of `mask`: take the value at that path in `fields`, or delete the field if there is none.
        case patch(ObjectValue, mask: [FieldPath])
        /// Delete the document.
        case delete
        /// Change nothing: only check the precondition (a transaction's read of a document it does not write).
        case verify
    }

    /// Whether the mutation writes (anything but ``Kind/verify``).
    var writes: Bool {
        if case .verify = kind { return false }
        return true
    }

    /// Whether, applied on the backend to `base`, the write counts as a write of the document for a later
    /// update in the same commit (see `applyOnBackend`'s `writtenEarlier`): every write but a verify, and a
    /// blind delete of a missing document (which the backend ignores: an update after it is
    /// ``RPCStatusCode/notFound``, as the SDK's transaction tests expect).
    func countsAsWrite(of base: Document?) -> Bool {
        switch kind {
        case .verify: return false
        case .delete: return base != nil || precondition != .none
        case .set, .patch: return true
        }
    }

    let path: ResourcePath
    let kind: Kind
    let transforms: [FieldTransform]
    let precondition: Precondition

    init(path: ResourcePath, kind: Kind, transforms: [FieldTransform] = [], precondition: Precondition = .none) {
        self.path = path
        self.kind = kind
        self.transforms = transforms
        self.precondition = precondition
    }

    // MARK: Local application (latency compensation)

    /// The document as the local view shows it after this write: a failing precondition (an update of a
    /// missing document) leaves `base` unchanged; server timestamps become pending placeholders.
    func applyLocally(to base: Document?, localWriteTime: Timestamp) -> Document? {
        guard preconditionHolds(for: base) else { return base }
        switch kind {
        case .verify:
            return base
        case .delete:
            return nil
        case .set, .patch:
            let fields = applyFields(to: base) { transform, current in
                Mutation.localResult(
                    of: transform.operation, current: current, before: base?.fields.value(at: transform.field),
                    localWriteTime: localWriteTime)
            }
            if let base {
                return base.locallyWritten(fields: fields)
            }
            return Document(
                path: path, fields: fields, version: 0, createTime: nil, updateTime: nil,
                hasPendingWrites: true)
        }
    }

    // MARK: Backend application

    /// The document the backend stores after this write, or the error it answers with.
    ///
    /// `writtenEarlier`: an earlier write of the same commit wrote the document; an update of it after that
    /// write deleted it is then ``RPCStatusCode/invalidArgument`` (as the backend answers), not
    /// ``RPCStatusCode/notFound``. A set or patch whose result has exactly the stored fields changes
    /// nothing: the stored document is returned, with its version and update time (as the backend keeps
    /// the update time of a write that does not change the document).
    func applyOnBackend(
        to base: Document?, commitTime: Timestamp, version: Int64, fullPath: String,
        writtenEarlier: Bool = false
    ) throws(FirestoreError) -> Document? {
        switch precondition {
        case .none:
            break
        case .exists(true) where base == nil && writtenEarlier:
            throw FirestoreError(
                .invalidArgument,
                "Can't update a document deleted earlier in the same commit: "
                    + "\(fullPath)")
        case .exists(true) where base == nil:
            throw FirestoreError(.notFound, "No document to update: \(fullPath)")
        case .exists(false) where base != nil:
            throw FirestoreError(.alreadyExists, "Document already exists: \(fullPath)")
        case .exists:
            break
        case .updateVersion(let expected):
            if (base?.version ?? 0) != expected {
                throw FirestoreError(
                    .failedPrecondition,
                    "The document \(fullPath) was modified after it "
                        + "was read (transaction contention).")
            }
        }
        switch kind {
        case .verify:
            return base
        case .delete:
            return nil
        case .set, .patch:
            let fields = applyFields(to: base) { transform, current in
                Mutation.serverResult(of: transform.operation, current: current, commitTime: commitTime)
            }
            if let base, Value.map(fields) == Value.map(base.fields) { return base }
            return Document(
                path: path, fields: fields, version: version, createTime: base?.createTime ?? commitTime,
                updateTime: commitTime, hasPendingWrites: false)
        }
    }

    // MARK: Shared

    /// Whether the local view should apply the write.
    private func preconditionHolds(for base: Document?) -> Bool {
        switch precondition {
        case .none: return true
        case .exists(let exists): return (base != nil) == exists
        case .updateVersion(let version): return (base?.version ?? 0) == version
        }
    }

    /// The set or patch applied to `base`'s fields, then every transform.
    private func applyFields(
        to base: Document?,
        transform: (FieldTransform, Value?) -> Value
    ) -> ObjectValue {
        var fields: ObjectValue
        switch kind {
        case .set(let data):
            fields = data
        case .patch(let data, let mask):
            fields = base?.fields ?? [:]
            for path in mask {
                fields.setValue(data.value(at: path), at: path)
            }
        case .delete, .verify:
            return [:]
        }
        for fieldTransform in transforms {
            let current = fields.value(at: fieldTransform.field)
            fields.setValue(transform(fieldTransform, current), at: fieldTransform.field)
        }
        return fields
    }

    /// A transform's local result.
    private static func localResult(
        of operation: TransformOperation, current: Value?, before: Value?,
        localWriteTime: Timestamp
    ) -> Value {
        switch operation {
        case .serverTimestamp:
            var previous = before
            if case .serverTimestamp(_, let earlier) = before { previous = earlier }
            return .serverTimestamp(local: localWriteTime, previous: previous)
        default:
            return sharedResult(of: operation, current: current) ?? .null
        }
    }

    /// A transform's result on the backend.
    private static func serverResult(of operation: TransformOperation, current: Value?, commitTime: Timestamp) -> Value
    {
        if case .serverTimestamp = operation { return .timestamp(commitTime) }
        return sharedResult(of: operation, current: current) ?? .null
    }

    /// Increment and array transforms, computed the same way locally and on the backend.
    private static func sharedResult(of operation: TransformOperation, current: Value?) -> Value? {
        switch operation {
        case .serverTimestamp:
            return nil
        case .increment(let operand):
            switch (current, operand) {
            case (.integer(let base)?, .integer(let amount)):
                let (sum, overflow) = base.addingReportingOverflow(amount)
                if overflow { return .integer(amount > 0 ? .max : .min) }
                return .integer(sum)
            case (.integer(let base)?, .double(let amount)):
                return .double(Double(base) + amount)
            case (.double(let base)?, .integer(let amount)):
                return .double(base + Double(amount))
            case (.double(let base)?, .double(let amount)):
                return .double(base + amount)
            default:
                return operand
            }
        case .arrayUnion(let elements):
            var result: [Value]
            if case .array(let existing)? = current { result = existing } else { result = [] }
            for element in elements where !result.contains(element) {
                result.append(element)
            }
            return .array(result)
        case .arrayRemove(let elements):
            guard case .array(let existing)? = current else { return .array([]) }
            return .array(existing.filter { !elements.contains($0) })
        }
    }
}
