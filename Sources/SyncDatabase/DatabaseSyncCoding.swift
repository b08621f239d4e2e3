// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintDatabase
import FlintSync
import Foundation

/// Conversions between FlintSync's types and Realtime Database values, through JSON: models are written as
/// their JSON trees, read back with the child's key as `id` when the tree has none.
enum DatabaseSyncCoding {
    /// A child's value as fields (with `id`), or nil when it is missing or not an object.
    static func fields(of snapshot: DataSnapshot) throws -> [String: SyncValue]? {
        guard snapshot.exists(), let value = snapshot.value else { return nil }
        let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        guard var fields = try? JSONDecoder().decode([String: SyncValue].self, from: data) else { return nil }
        if fields["id"] == nil { fields["id"] = .string(snapshot.key) }
        return fields
    }

    static func model<Model: DataSyncModelProtocol>(_ type: Model.Type, from fields: [String: SyncValue]) throws
        -> Model
    {
        try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(fields))
    }

    static func model<Model: DataSyncModelProtocol>(_ type: Model.Type, from snapshot: DataSnapshot) throws -> Model? {
        try fields(of: snapshot).map { try model(Model.self, from: $0) }
    }

    /// The model as a Database value (a JSON tree).
    static func tree<Model: Encodable>(_ model: Model) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(model), options: [.fragmentsAllowed])
    }

    /// A partial update of document `id` as `updateChildValues` paths: dots become slashes, `null` removes.
    /// - Throws: `SyncError.invalidArgument` for a value nesting deeper than `maximumDepth` (measured before anything
    ///   converts it, so no depth makes the conversion recurse past the stack).
    static func updates(_ data: [String: SyncValue], documentId id: String, maximumDepth: Int) throws -> [String: Any?]
    {
        try SyncFieldDepth.checkUpdate(data, documentId: id, maximumDepth: maximumDepth)
        var values: [String: Any?] = [:]
        for (key, value) in data {
            let path = key.replacingOccurrences(of: ".", with: "/")
            if value == .null {
                values[path] = .some(nil)
            } else {
                let converted: Any = try tree(value)
                values[path] = .some(converted)
            }
        }
        return values
    }

    /// A child's `value` snapshots as models (nil while missing).
    static func documents<Model: DataSyncModelProtocol>(_ type: Model.Type, of reference: DatabaseReference)
        -> AsyncThrowingStream<Model?, any Error>
    {
        let values = reference.value
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await snapshot in values { continuation.yield(try model(Model.self, from: snapshot)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
