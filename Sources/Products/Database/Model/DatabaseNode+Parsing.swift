// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// Why a value cannot be stored; database errors carry it as `invalidArgument`.
struct DatabaseValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where in the value (keys from the written location).
    var path: [String]
    /// What is wrong.
    var reason: String

    var description: String {
        path.isEmpty ? reason : "\(reason) (at \(path.prefix(50).joined(separator: ".")))"
    }
}

extension DatabaseNode {
    /// The deepest value accepted, in levels from the root (the written location's keys count), as the SDK
    /// counts: the server's path limit.
    static let maximumNesting = DatabasePath.maximumDepth

    /// The containers the export format may add below the deepest key: a `.value` object holding a server
    /// value `{".sv": {"increment": n}}`.
    private static let exportFormatLevels = 3

    /// The node for `value` as the SDK's `setValue` accepts it: `nil`/`NSNull` (null), `Bool`, numbers (not
    /// NaN or infinite), `String`, arrays (stored with the integer keys `"0"`, `"1"`, …) and dictionaries with
    /// string keys (`".value"` and `".priority"` as in the SDK's export format, `".sv"` for server values).
    ///
    /// Server values are resolved here: `ServerValue.timestamp()` (`{".sv": "timestamp"}`) becomes `now` in
    /// milliseconds, `ServerValue.increment(d)` (`{".sv": {"increment": d}}`) the number stored in `existing`
    /// at that place plus `d`, or `d` when that is not a number.
    ///
    /// - Parameters:
    ///   - value: the value to store.
    ///   - existing: what the location holds now (for increments).
    ///   - now: the server time, in milliseconds since 1970.
    ///   - location: where `value` is written: its keys count towards the depth limit.
    /// - Throws: ``DatabaseValueError`` naming the place and the problem: a NaN or infinite number, a key
    ///   that is empty or contains `/ . # $ [ ]`, a non-string key, an unsupported type, other keys beside
    ///   `.sv`, an unknown server value, a bad priority, nesting deeper than ``maximumNesting`` levels from
    ///   the root (a dictionary that contains itself is that too).
    init(parsing value: Any?, existing: DatabaseNode = .null, now: Double, at location: DatabasePath = .root)
        throws(DatabaseValueError)
    {
        let levels = Self.maximumNesting - location.keys.count
        // Measured first, without recursion: parsing recurses once per level, and so does bridging a Swift
        // collection for the `is NSNull` check, so an unbounded value must reach neither.
        guard BoundedJSON.nestingIsBounded(ofValue: value, maximumDepth: levels + Self.exportFormatLevels) else {
            throw Self.tooDeep(path: [])
        }
        self = try Self.parse(value, existing: existing, now: now, path: [], levels: levels)
    }

    private static func tooDeep(path: [String]) -> DatabaseValueError {
        DatabaseValueError(path: path, reason: "Data nested deeper than \(maximumNesting) levels")
    }

    /// The node for `value` at `path` below the written location, which leaves `levels` keys for the value.
    private static func parse(
        _ value: Any?, existing: DatabaseNode, now: Double,
        path: [String], levels: Int
    ) throws(DatabaseValueError) -> DatabaseNode {
        guard path.count <= levels else { throw tooDeep(path: path) }
        guard let value, !(value is NSNull) else { return .null }
        if let leaf = try leaf(value, path: path) { return DatabaseNode(leaf) }
        if let array = value as? [Any?] {
            var node = DatabaseNode.null
            for (index, element) in array.enumerated() {
                let key = String(index)
                let child = try parse(
                    element, existing: existing.child(key), now: now, path: path + [key], levels: levels)
                node = node.setting(child: child, forKey: key)
            }
            return node
        }
        guard let dictionary = value as? [String: Any?] else {
            if value is [AnyHashable: Any] {
                throw DatabaseValueError(path: path, reason: "Non-string keys are not allowed in object")
            }
            throw DatabaseValueError(path: path, reason: "Cannot store a value of type \(type(of: value))")
        }
        if let server = dictionary[".sv"] {
            guard dictionary.count == 1 else {
                throw DatabaseValueError(path: path, reason: "Cannot store other keys with server value keys")
            }
            return try resolve(server: server ?? nil, existing: existing, now: now, path: path)
        }
        let priority =
            try dictionary[".priority"].map { (raw: Any?) throws(DatabaseValueError) -> Priority? in
                try Self.priority(raw, existing: existing.priority, now: now, path: path + [".priority"])
            } ?? nil
        if let inner = dictionary[".value"] {
            guard dictionary.keys.allSatisfy({ $0 == ".value" || $0 == ".priority" }) else {
                throw DatabaseValueError(path: path, reason: "Cannot store other keys beside .value and .priority")
            }
            // A leaf, null or a server value, as the SDK's `isValidLeafValue:` (so `{}` and `[]` are refused too).
            let isContainer = inner is [Any?] || (inner is [String: Any?] && (inner as? [String: Any?])?[".sv"] == nil)
            let node = try parse(inner, existing: existing, now: now, path: path, levels: levels)
            guard !node.hasChildren, !isContainer else {
                throw DatabaseValueError(
                    path: path, reason: "Invalid data type used with .value: it must be a leaf value or null")
            }
            return node.with(priority: priority)
        }
        var node = DatabaseNode.null
        for (key, element) in dictionary where key != ".priority" {
            do {
                try DatabasePath.validate(key: key)
            } catch {
                throw DatabaseValueError(path: path + [key], reason: "Invalid key in object: \(error)")
            }
            let child = try parse(
                element, existing: existing.child(key), now: now, path: path + [key], levels: levels)
            node = node.setting(child: child, forKey: key)
        }
        return node.with(priority: priority)
    }

    /// `value` as a leaf, nil when it is not one. Swift's own types are matched exactly, so an `Int` 1 never
    /// becomes `true`; an `NSNumber` is a boolean when its type is a C char, as in the SDK's
    /// `getJavascriptType`.
    private static func leaf(_ value: Any, path: [String]) throws(DatabaseValueError) -> Leaf? {
        let type = Swift.type(of: value)
        if type == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if let string = value as? String { return .string(string) }
        if type is NSNumber.Type, let number = value as? NSNumber {
            let objCType = String(cString: number.objCType)
            if objCType == "c" || objCType == "B" { return .bool(number.boolValue) }
            // Integers exactly (an unsigned one above `Int64.max` as a double), others as doubles.
            if ["s", "i", "l", "q"].contains(objCType) { return .integer(number.int64Value) }
            if ["C", "S", "I", "L", "Q"].contains(objCType) { return integer(number.uint64Value) }
            return try .number(finite(number.doubleValue, path: path))
        }
        switch value {
        case let number as Double: return try .number(finite(number, path: path))
        case let number as Float: return try .number(finite(Double(number), path: path))
        case let number as Int: return .integer(Int64(number))
        case let number as Int64: return .integer(number)
        case let number as Int32: return .integer(Int64(number))
        case let number as Int16: return .integer(Int64(number))
        case let number as Int8: return .integer(Int64(number))
        case let number as UInt: return integer(UInt64(number))
        case let number as UInt64: return integer(number)
        case let number as UInt32: return .integer(Int64(number))
        case let number as UInt16: return .integer(Int64(number))
        case let number as UInt8: return .integer(Int64(number))
        default: return nil
        }
    }

    /// An unsigned integer: exact when it fits `Int64`, else a double (the SDK reads `ULLONG_MAX` back as one).
    private static func integer(_ number: UInt64) -> Leaf {
        Int64(exactly: number).map(Leaf.integer) ?? .number(Double(number))
    }

    private static func finite(_ number: Double, path: [String]) throws(DatabaseValueError) -> Double {
        guard number.isFinite else {
            throw DatabaseValueError(path: path, reason: number.isNaN ? "Cannot store NaN" : "Cannot store infinity")
        }
        return number
    }

    /// The node a write at a location's `.priority` stores: `value` as a priority (see
    /// ``priority(_:existing:now:path:)``), as a leaf (null for none).
    /// - Throws: ``DatabaseValueError`` for a value that is not a valid priority.
    init(parsingPriority value: Any?, existing: Priority?, now: Double) throws(DatabaseValueError) {
        self = Self.node(of: try Self.priority(value, existing: existing, now: now, path: [DatabasePath.priorityKey]))
    }

    /// A priority as the SDK accepts it: nil/NSNull (none), a finite number, a string, or a server value
    /// (`ServerValue.timestamp()` becomes `now`, `ServerValue.increment(d)` the `existing` number plus `d`, or
    /// `d`; kept as a placeholder while ``WireServerValues/keep`` is set).
    static func priority(
        _ value: Any?, existing: Priority? = nil, now: Double = 0, path: [String] = []
    ) throws(DatabaseValueError) -> Priority? {
        if let server = value as? [String: Any], let operation = server[".sv"], server.count == 1,
            BoundedJSON.nestingIsBounded(ofValue: value, maximumDepth: 2)
        {
            let node = try resolve(server: operation, existing: Self.node(of: existing), now: now, path: path)
            return Priority(node)
        }
        // A container is refused before the `is NSNull` check, which would bridge it whole, recursively.
        guard BoundedJSON.nestingIsBounded(ofValue: value, maximumDepth: 0) else {
            throw DatabaseValueError(path: path, reason: "Priority must be a number, a string or a server value")
        }
        guard let value, !(value is NSNull) else { return nil }
        switch try leaf(value, path: path) {
        case .bool?:
            throw DatabaseValueError(path: path, reason: "Cannot store true/false as priority")
        case .string(let string)?:
            return .string(string)
        case .number(let number)?:
            return .number(number)
        case .integer(let integer)?:
            // Priorities are doubles (the SDK's `PriorityUtilities parsePriority` turns a long into one).
            return .number(Double(integer))
        case nil:
            throw DatabaseValueError(path: path, reason: "Priority must be a number, a string or a server value")
        }
    }

    /// A server value's result.
    private static func resolve(
        server: Any?, existing: DatabaseNode, now: Double,
        path: [String]
    ) throws(DatabaseValueError) -> DatabaseNode {
        if WireServerValues.keep {
            return DatabaseNode.null.setting(child: try placeholder(server, path: path), forKey: ".sv")
        }
        if let name = server as? String, name == "timestamp" {
            return DatabaseNode(.number(now))
        }
        if let operation = server as? [String: Any], operation.count == 1, let delta = operation["increment"],
            let step = try leaf(delta as Any, path: path), step.isNumber
        {
            return DatabaseNode(sum(existing.leaf, step))
        }
        throw DatabaseValueError(path: path, reason: "Unknown server value \(String(describing: server))")
    }
}

extension DatabaseNode {
    /// A server value's operation kept as is for the wire: `"timestamp"` or `{"increment": n}`.
    fileprivate static func placeholder(_ server: Any?, path: [String]) throws(DatabaseValueError) -> DatabaseNode {
        if let name = server as? String, name == "timestamp" { return DatabaseNode(.string(name)) }
        if let operation = server as? [String: Any], operation.count == 1, let delta = operation["increment"],
            let step = try leaf(delta as Any, path: path), step.isNumber
        {
            return DatabaseNode.null.setting(child: DatabaseNode(step), forKey: "increment")
        }
        throw DatabaseValueError(path: path, reason: "Unknown server value \(String(describing: server))")
    }
}

extension DatabaseNode {
    /// An increment's result: `current` plus `step` when `current` is a number, else `step`. Two integers
    /// stay an integer unless the sum overflows `Int64`; otherwise a double (the SDK's
    /// `testServerIncrementOverflowAndTypeCoercion`).
    static func sum(_ current: Leaf?, _ step: Leaf) -> Leaf {
        switch (current, step) {
        case (.integer(let a)?, .integer(let b)):
            let (result, overflow) = a.addingReportingOverflow(b)
            return overflow ? .number(Double(a) + Double(b)) : .integer(result)
        case (.integer(let a)?, .number(let b)): return .number(Double(a) + b)
        case (.number(let a)?, .integer(let b)): return .number(a + Double(b))
        case (.number(let a)?, .number(let b)): return .number(a + b)
        default: return step
        }
    }
}

extension DatabaseNode.Leaf {
    /// Whether this is a number (an integer or a double).
    var isNumber: Bool {
        switch self {
        case .number, .integer: true
        case .bool, .string: false
        }
    }
}
