// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Validates and converts written data (``FirestoreValue``) into stored values, field masks and transforms.
struct UserDataParser: Sendable {
    /// The database written to: references must point into it.
    let database: DatabaseID

    /// The deepest nesting of maps and arrays the backend stores: a map or array may sit inside at most 19
    /// others, so 20 levels (the document's own top-level fields not counted as a level). Checked before
    /// descending, so parsing never recurses deeper than this whatever the input
    /// (https://firebase.google.com/docs/firestore/quotas: "Maximum depth of fields in a map or array: 20").
    static let maxNestingDepth = 20

    /// Where a value appears, which decides what is allowed.
    private enum Context {
        case set
        case mergeSet
        case update
        case argument
    }

    // MARK: Entry points

    /// `setData(_:)`: keys are literal field names; no `delete()`.
    func parseSetData(_ data: [String: FirestoreValue]) throws(FirestoreError) -> ParsedData {
        var parsed = ParsedData()
        parsed.fields = try parseObject(data, path: [], depth: 0, context: .set, into: &parsed)
        return parsed
    }

    /// `setData(_:merge: true)` (`mergeFields` nil) or `setData(_:mergeFields:)`.
    func parseMergeData(_ data: [String: FirestoreValue], mergeFields: [FieldPath]?) throws(FirestoreError)
        -> ParsedData
    {
        var parsed = ParsedData()
        parsed.fields = try parseObject(data, path: [], depth: 0, context: .mergeSet, into: &parsed)
        guard let mergeFields else { return parsed }
        for field in mergeFields {
            if let error = field.validationError { throw error }
            let present =
                parsed.fields.value(at: field) != nil
                || parsed.mask.contains { field.isPrefix(of: $0) || $0.isPrefix(of: field) }
                || parsed.transforms.contains { field.isPrefix(of: $0.field) }
            guard present else {
                throw FirestoreError(
                    .invalidArgument,
                    "Field '\(field)' is specified in your field mask but missing from your input data.")
            }
        }
        parsed.mask = mergeFields
        parsed.transforms = parsed.transforms.filter { transform in
            mergeFields.contains { $0.isPrefix(of: transform.field) }
        }
        return parsed
    }

    /// `updateData(_:)`: keys are field paths; `delete()` only at the top level of a key.
    func parseUpdateData(_ data: [FieldPath: FirestoreValue]) throws(FirestoreError) -> ParsedData {
        guard !data.isEmpty else {
            throw FirestoreError(.invalidArgument, "Invalid data. updateData() requires at least one field.")
        }
        var parsed = ParsedData()
        let keys = data.keys.sorted { FieldPath.compare($0, $1) < 0 }
        for (index, key) in keys.enumerated() {
            if let error = key.validationError { throw error }
            if index > 0, keys[index - 1].isPrefix(of: key) {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid data. Field '\(keys[index - 1])' has conflicting paths (\(key)).")
            }
            try validateFieldNames(key.segments)
            // `a.b.c` writes inside two maps.
            try checkNesting(key.segments.count - 1, path: key.segments)
            let value = data[key]!
            if case .fieldValue(let sentinel) = value, case .delete = sentinel.kind {
                parsed.mask.append(key)
                continue
            }
            // A dotted key names a field nested inside `key.segments.count - 1` maps.
            let stored = try parseValue(
                value, path: key.segments, depth: key.segments.count - 1, context: .update,
                topLevelOfUpdate: true, into: &parsed)
            if let stored {
                parsed.fields.setValue(stored, at: key)
                parsed.mask.append(key)
            }
        }
        return parsed
    }

    /// A query argument (filter or cursor value): no sentinels.
    func parseArgument(_ value: FirestoreValue) throws(FirestoreError) -> Value {
        var scratch = ParsedData()
        return try parseValue(value, path: [], depth: 0, context: .argument, into: &scratch) ?? .null
    }

    // MARK: Values

    /// The fields of a map whose values sit inside `depth` maps and arrays.
    private func parseObject(
        _ data: [String: FirestoreValue], path: [String], depth: Int, context: Context,
        into parsed: inout ParsedData
    ) throws(FirestoreError) -> ObjectValue {
        var fields = ObjectValue()
        for (key, value) in data {
            try validateFieldNames([key])
            if let stored = try parseValue(value, path: path + [key], depth: depth, context: context, into: &parsed) {
                fields[key] = stored
                // A merge writes every leaf: a non-map value, or an empty map.
                if context == .mergeSet {
                    if case .map(let nested) = value, !nested.isEmpty { continue }
                    parsed.mask.append(FieldPath(path + [key]))
                }
            }
        }
        return fields
    }

    /// The stored value, or nil for a sentinel (recorded in `parsed` instead). `depth` is how many maps and
    /// arrays hold `value` (0 for a top-level field).
    private func parseValue(
        _ value: FirestoreValue, path: [String], depth: Int, context: Context, inArray: Bool = false,
        topLevelOfUpdate: Bool = false,
        into parsed: inout ParsedData
    ) throws(FirestoreError) -> Value? {
        switch value {
        case .null: return .null
        case .bool(let bool): return .bool(bool)
        case .integer(let integer): return .integer(integer)
        case .double(let double): return .double(double)
        case .timestamp(let timestamp):
            if let error = timestamp.validationError {
                throw FirestoreError(.invalidArgument, error.message + fieldDescription(path))
            }
            return .timestamp(timestamp.truncatedToMicroseconds)
        case .string(let string): return .string(string)
        case .bytes(let bytes): return .bytes(bytes)
        case .geoPoint(let point):
            guard point.isValid else {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid GeoPoint \(point): latitude must be in [-90, 90] "
                        + "and longitude in [-180, 180].")
            }
            return .geoPoint(point)
        case .reference(let reference):
            if let error = reference.validationError { throw error }
            guard reference.firestore.databaseID == database else {
                throw FirestoreError(
                    .invalidArgument,
                    "Document reference is for database "
                        + "\(reference.firestore.databaseID) but should be for database \(database)")
            }
            return .reference(database: database.key, path: reference.resourcePath)
        case .array(let elements):
            if inArray {
                throw FirestoreError(.invalidArgument, "Nested arrays are not supported\(fieldDescription(path)).")
            }
            try checkNesting(depth + 1, path: path)
            var stored: [Value] = []
            stored.reserveCapacity(elements.count)
            for element in elements {
                if case .fieldValue(let sentinel) = element {
                    throw FirestoreError(
                        .invalidArgument,
                        "\(sentinel) is not currently supported inside arrays\(fieldDescription(path)).")
                }
                if let value = try parseValue(
                    element, path: path, depth: depth + 1, context: context, inArray: true,
                    into: &parsed)
                {
                    stored.append(value)
                }
            }
            return .array(stored)
        case .vector(let vector):
            try checkNesting(depth + 2, path: path)  // stored as a map holding an array
            return .vector(vector.array)
        case .map(let fields):
            try checkNesting(depth + 1, path: path)
            return .map(try parseObject(fields, path: path, depth: depth + 1, context: context, into: &parsed))
        case .fieldValue(let sentinel):
            return try parseSentinel(
                sentinel, path: path, depth: depth, context: context, inArray: inArray,
                topLevelOfUpdate: topLevelOfUpdate, into: &parsed)
        }
    }

    private func parseSentinel(
        _ sentinel: FieldValueSentinel, path: [String], depth: Int, context: Context, inArray: Bool,
        topLevelOfUpdate: Bool, into parsed: inout ParsedData
    ) throws(FirestoreError) -> Value? {
        if inArray {
            throw FirestoreError(
                .invalidArgument,
                "\(sentinel) is not currently supported inside arrays\(fieldDescription(path)).")
        }
        if context == .argument {
            throw FirestoreError(
                .invalidArgument,
                "\(sentinel) can only be used with updateData() and setData()\(fieldDescription(path)).")
        }
        let field = FieldPath(path)
        switch sentinel.kind {
        case .delete:
            switch context {
            case .mergeSet:
                parsed.mask.append(field)
                return nil
            case .update where topLevelOfUpdate:
                parsed.mask.append(field)
                return nil
            case .update:
                throw FirestoreError(
                    .invalidArgument,
                    "FieldValue.delete() can only appear at the top level of your "
                        + "update data\(fieldDescription(path)).")
            default:
                throw FirestoreError(
                    .invalidArgument,
                    "FieldValue.delete() can only be used with updateData() and "
                        + "setData() with merge: true\(fieldDescription(path)).")
            }
        case .serverTimestamp:
            parsed.transforms.append(FieldTransform(field: field, operation: .serverTimestamp))
        case .increment(let operand):
            let stored: Value
            switch operand {
            case .integer(let integer): stored = .integer(integer)
            case .double(let double): stored = .double(double)
            default:
                throw FirestoreError(.invalidArgument, "FieldValue.increment() needs a number.")
            }
            parsed.transforms.append(FieldTransform(field: field, operation: .increment(stored)))
        case .arrayUnion(let elements):
            parsed.transforms.append(
                FieldTransform(
                    field: field,
                    operation: .arrayUnion(
                        try parseElements(elements, path: path, depth: depth, sentinel: sentinel))))
        case .arrayRemove(let elements):
            parsed.transforms.append(
                FieldTransform(
                    field: field,
                    operation: .arrayRemove(
                        try parseElements(elements, path: path, depth: depth, sentinel: sentinel))))
        }
        return nil
    }

    /// The operands of arrayUnion / arrayRemove.
    private func parseElements(
        _ elements: [FirestoreValue], path: [String], depth: Int,
        sentinel: FieldValueSentinel
    ) throws(FirestoreError) -> [Value] {
        // The operands end up as elements of the array at `path`.
        try checkNesting(depth + 1, path: path)
        var scratch = ParsedData()
        var stored: [Value] = []
        for element in elements {
            if case .fieldValue(let inner) = element {
                throw FirestoreError(
                    .invalidArgument,
                    "\(inner) is not currently supported inside arrays\(fieldDescription(path)).")
            }
            if let value = try parseValue(
                element, path: path, depth: depth + 1, context: .argument, inArray: true,
                into: &scratch)
            {
                stored.append(value)
            }
        }
        return stored
    }

    /// A map or array at nesting `level` (1 for a top-level field's value) must be within ``maxNestingDepth``.
    private func checkNesting(_ level: Int, path: [String]) throws(FirestoreError) {
        guard level <= UserDataParser.maxNestingDepth else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid data. Maps and arrays can be nested at most "
                    + "\(UserDataParser.maxNestingDepth) levels deep\(fieldDescription(path)).")
        }
    }

    /// Field names must be non-empty and not `__…__`.
    private func validateFieldNames(_ names: [String]) throws(FirestoreError) {
        for name in names {
            if name.isEmpty {
                throw FirestoreError(.invalidArgument, "Invalid data. Document fields must not be empty.")
            }
            if name.count > 4, name.hasPrefix("__"), name.hasSuffix("__") {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid data. Document fields cannot begin and end with "
                        + "\"__\" (found in field \(name)).")
            }
        }
    }

    private func fieldDescription(_ path: [String]) -> String {
        path.isEmpty ? "" : " (found in field \(FieldPath(path)))"
    }
}
