// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The JSON of the REST protocol: request bodies from nodes (the export format: priorities under
/// `.priority`, server values as `{".sv": …}`) and nodes from server answers and events.
enum DatabaseJSON {
    /// The deepest nesting of arrays and objects accepted from a server: the database's own depth limit
    /// (``DatabasePath/maximumDepth``) plus room for the export format's `.value`/`.priority` objects and
    /// the event envelope. Deeper input is refused before it is parsed, so it cannot exhaust the stack.
    static let maximumNesting = DatabasePath.maximumDepth + 8

    /// The node a server sent (`null` for nothing).
    /// - Throws: ``DatabaseErrorCode/unknown`` naming the problem: nesting deeper than ``maximumNesting``,
    ///   malformed JSON, or a value the database cannot hold.
    static func node(from data: Data) throws(DatabaseError) -> DatabaseNode {
        try node(fromJSONObject: jsonObject(from: data))
    }

    /// The node for an already parsed JSON value.
    /// - Throws: ``DatabaseErrorCode/unknown`` for a value the database cannot hold.
    static func node(fromJSONObject value: Any?) throws(DatabaseError) -> DatabaseNode {
        do {
            return try DatabaseNode(parsing: value, now: 0)
        } catch {
            throw DatabaseError(.unknown, "The server sent data the database cannot hold: \(error)")
        }
    }

    /// The parsed JSON (nil for `null`).
    /// - Throws: ``DatabaseErrorCode/unknown`` for nesting deeper than ``maximumNesting`` or malformed JSON.
    static func jsonObject(from data: Data) throws(DatabaseError) -> Any? {
        try checkNesting(data)
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return value is NSNull ? nil : value
        } catch {
            throw DatabaseError(.unknown, "Malformed JSON (\(data.count) bytes): \(error.localizedDescription)")
        }
    }

    /// The request body for `node`: its export format (`null` for nothing).
    static func data(of node: DatabaseNode) -> Data {
        guard let value = node.exportValue,
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        else {
            return Data("null".utf8)
        }
        return data
    }

    /// The request body of a `PATCH`: `relative path → export format` for each set.
    static func data(of sets: [(key: String, node: DatabaseNode)]) -> Data {
        var object: [String: Any] = [:]
        for (key, node) in sets { object[key] = node.exportValue ?? NSNull() }
        return (try? JSONSerialization.data(withJSONObject: object, options: [])) ?? Data("{}".utf8)
    }

    /// Throws when arrays and objects in `data` nest deeper than ``maximumNesting`` (strings skipped; the
    /// scan is FlintProductSupport's `BoundedJSON.nestingIsBounded(_:maximumDepth:)`).
    private static func checkNesting(_ data: Data) throws(DatabaseError) {
        guard BoundedJSON.nestingIsBounded(data, maximumDepth: maximumNesting) else {
            throw DatabaseError(.unknown, "Data nested deeper than \(maximumNesting) levels.")
        }
    }
}
