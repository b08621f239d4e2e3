// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Converts models to and from their fields (through JSON), for pending writes, partial updates applied
/// locally and query evaluation.
enum SyncModelCoding {
    /// The model's fields.
    static func fields<T: Encodable>(of model: T) throws -> [String: SyncValue] {
        let data = try JSONEncoder().encode(model)
        return try JSONDecoder().decode([String: SyncValue].self, from: data)
    }

    /// The model these fields describe.
    static func model<T: Decodable>(_ type: T.Type, from fields: [String: SyncValue]) throws -> T {
        let data = try JSONEncoder().encode(fields)
        return try JSONDecoder().decode(T.self, from: data)
    }
}
