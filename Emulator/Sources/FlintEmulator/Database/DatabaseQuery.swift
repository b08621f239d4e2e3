// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A REST query (`orderBy`, `startAt`, `endAt`, `equalTo`, `startAfter`, `endBefore`, `limitToFirst`,
/// `limitToLast`, JSON-encoded values as Firebase takes them) applied to the children of a location, in the
/// Realtime Database's order: by key, by value, by priority or by a child's value; ties by key.
struct DatabaseQuery: Equatable {
    enum Order: Equatable {
        case key, value, priority
        case child([String])
    }

    var order: Order
    var start: SortValue?
    var startInclusive = true
    var end: SortValue?
    var endInclusive = true
    var limitToFirst: Int?
    var limitToLast: Int?

    /// A value queries compare: null, false, true, numbers, strings, then objects (by key otherwise).
    enum SortValue: Equatable, Comparable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case object

        init(_ json: Any?) {
            switch json {
            case nil, is NSNull: self = .null
            case let number as NSNumber where DatabaseQuery.isBoolean(number): self = .bool(number.boolValue)
            case let number as NSNumber: self = .number(number.doubleValue)
            case let string as String: self = .string(string)
            default: self = .object
            }
        }

        private var rank: Int {
            switch self {
            case .null: 0
            case .bool(false): 1
            case .bool(true): 2
            case .number: 3
            case .string: 4
            case .object: 5
            }
        }

        static func < (lhs: SortValue, rhs: SortValue) -> Bool {
            switch (lhs, rhs) {
            case (.number(let a), .number(let b)): a < b
            case (.string(let a), .string(let b)): a < b
            default: lhs.rank < rhs.rank
            }
        }
    }

    /// Whether a parsed JSON value is a Boolean (not the numbers 0 and 1).
    static func isBoolean(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        let objCType = String(cString: number.objCType)
        return objCType == "c" || objCType == "B"
    }

    /// The query of a request's parameters; nil when it has none.
    ///
    /// - Throws: 400 for a parameter that is not valid JSON, a range or limit without `orderBy`, or a limit
    ///   that is not a positive integer.
    static func parse(_ parameters: [String: String]) throws(EmulatorHTTPError) -> DatabaseQuery? {
        let names = ["startAt", "endAt", "equalTo", "startAfter", "endBefore", "limitToFirst", "limitToLast"]
        guard let orderText = parameters["orderBy"] else {
            if names.contains(where: { parameters[$0] != nil }) {
                throw EmulatorHTTPError(.badRequest, "orderBy must be defined when other query parameters are defined")
            }
            return nil
        }
        guard let orderValue = json(orderText) as? String else {
            throw EmulatorHTTPError(.badRequest, "orderBy must be a valid JSON encoded path")
        }
        let order: Order =
            switch orderValue {
            case "$key": .key
            case "$value": .value
            case "$priority": .priority
            default: .child(orderValue.split(separator: "/").map(String.init))
            }
        var query = DatabaseQuery(order: order)
        func bound(_ name: String) throws(EmulatorHTTPError) -> SortValue? {
            guard let text = parameters[name] else { return nil }
            guard let value = json(text) else {
                throw EmulatorHTTPError(.badRequest, "\(name) must be a valid JSON value")
            }
            return SortValue(value is NSNull ? nil : value)
        }
        if let equal = try bound("equalTo") {
            query.start = equal
            query.end = equal
        }
        if let start = try bound("startAt") { query.start = start }
        if let start = try bound("startAfter") {
            query.start = start
            query.startInclusive = false
        }
        if let end = try bound("endAt") { query.end = end }
        if let end = try bound("endBefore") {
            query.end = end
            query.endInclusive = false
        }
        func limit(_ name: String) throws(EmulatorHTTPError) -> Int? {
            guard let text = parameters[name] else { return nil }
            guard let limit = Int(text), limit > 0 else {
                throw EmulatorHTTPError(.badRequest, "\(name) must be a positive integer")
            }
            return limit
        }
        query.limitToFirst = try limit("limitToFirst")
        query.limitToLast = try limit("limitToLast")
        if query.limitToFirst != nil && query.limitToLast != nil {
            throw EmulatorHTTPError(.badRequest, "limitToFirst and limitToLast cannot both be set")
        }
        return query
    }

    /// Whether answering these parameters needs the children's priorities (`orderBy="$priority"`).
    static func needsPriorities(_ parameters: [String: String]) -> Bool {
        parameters["orderBy"].flatMap(json) as? String == "$priority"
    }

    private static func json(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// The children of `value` the query selects (a value that is not an object is answered as it is). With
    /// `keepPriorities` false, the export format's priorities are removed from the answer.
    func apply(to value: Any?, keepPriorities: Bool) -> Any? {
        guard let object = value as? [String: Any] else { return value }
        let children = object.filter { !$0.key.hasPrefix(".") }
        var entries = children.map { (key: $0.key, sort: sortValue(of: $0.value, key: $0.key)) }
        entries.sort { lhs, rhs in
            if lhs.sort != rhs.sort { return lhs.sort < rhs.sort }
            return Self.keyPrecedes(lhs.key, rhs.key)
        }
        entries = entries.filter { entry in
            if let start, entry.sort < start || (!startInclusive && entry.sort == start) { return false }
            if let end, end < entry.sort || (!endInclusive && entry.sort == end) { return false }
            return true
        }
        if let limitToFirst { entries = Array(entries.prefix(limitToFirst)) }
        if let limitToLast { entries = Array(entries.suffix(limitToLast)) }
        var answer: [String: Any] = [:]
        for entry in entries {
            answer[entry.key] = keepPriorities ? children[entry.key] : Self.withoutPriorities(children[entry.key])
        }
        return answer
    }

    private func sortValue(of child: Any, key: String) -> SortValue {
        switch order {
        case .key: return .string(key)
        case .value: return SortValue(Self.withoutPriorities(child))
        case .priority: return SortValue((child as? [String: Any])?[".priority"])
        case .child(let keys):
            var current: Any? = child
            for key in keys { current = (current as? [String: Any])?[key] }
            return SortValue(Self.withoutPriorities(current))
        }
    }

    /// Keys in the database's order: 32-bit integer keys first, numerically, then strings.
    static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        switch (Int32(lhs), Int32(rhs)) {
        case (let a?, let b?): a < b
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): lhs < rhs
        }
    }

    /// A value of the export format without its priorities (`{".value": v, ".priority": p}` → `v`).
    static func withoutPriorities(_ value: Any?) -> Any? {
        guard let object = value as? [String: Any] else { return value }
        if let leaf = object[".value"] { return leaf }
        var plain: [String: Any] = [:]
        for (key, child) in object where key != ".priority" { plain[key] = withoutPriorities(child) }
        return plain
    }
}
