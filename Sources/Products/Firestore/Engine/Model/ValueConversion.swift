// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Turning stored values into public ones.
extension Value {
    /// The public value: references made by `reference`, pending server timestamps resolved by `behavior`.
    func publicValue(
        behavior: ServerTimestampBehavior,
        reference: (String, ResourcePath) -> FirestoreValue
    ) -> FirestoreValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .integer(let value): return .integer(value)
        case .double(let value): return .double(value)
        case .timestamp(let value): return .timestamp(value)
        case .serverTimestamp(let local, let previous):
            switch behavior {
            case .none: return .null
            case .estimate: return .timestamp(local)
            case .previous: return previous?.publicValue(behavior: behavior, reference: reference) ?? .null
            }
        case .string(let value): return .string(value)
        case .bytes(let value): return .bytes(value)
        case .reference(let database, let path): return reference(database, path)
        case .geoPoint(let value): return .geoPoint(value)
        case .array(let elements):
            return .array(elements.map { $0.publicValue(behavior: behavior, reference: reference) })
        case .map(let fields):
            if let elements = vectorElements {
                return .vector(VectorValue(elements.compactMap(\.asDouble)))
            }
            return .map(fields.mapValues { $0.publicValue(behavior: behavior, reference: reference) })
        }
    }

    /// A reference as its full resource name (`projects/p/databases/d/documents/a/b`), for rules.
    static func resourceName(database: String, path: ResourcePath) -> FirestoreValue {
        let parts = database.split(separator: "/", maxSplits: 1).map(String.init)
        let name = parts.count == 2 ? "projects/\(parts[0])/databases/\(parts[1])/documents/\(path)" : "\(path)"
        return .string(name)
    }
}

extension Dictionary where Key == String, Value == FlintFirestore.Value {
    /// The public fields (see ``FlintFirestore/Value/publicValue(behavior:reference:)``).
    func publicFields(
        behavior: ServerTimestampBehavior,
        reference: (String, ResourcePath) -> FirestoreValue
    ) -> [String: FirestoreValue] {
        mapValues { $0.publicValue(behavior: behavior, reference: reference) }
    }
}
