// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// HTTP header fields in the order they were sent, looked up case-insensitively.
///
/// ```swift
/// let headers: TestHTTPHeaders = ["Content-Type": "application/json"]
/// headers["content-type"]   // "application/json"
/// ```
public struct TestHTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header line.
    public struct Field: Sendable, Equatable {
        /// The name as sent (case preserved).
        public var name: String
        /// The value, without surrounding whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every field, in order (a name may repeat).
    public private(set) var fields: [Field]

    /// Creates headers from fields, kept in this order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from `name: value` pairs, kept in this order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the field called `name` (case-insensitive), or `nil`. Setting replaces every field
    /// of that name (or removes them all, for `nil`).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
        set {
            let index = fields.firstIndex { $0.name.lowercased() == name.lowercased() }
            fields.removeAll { $0.name.lowercased() == name.lowercased() }
            if let newValue {
                fields.insert(Field(name: name, value: newValue), at: min(index ?? fields.count, fields.count))
            }
        }
    }

    /// Every value of the field called `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Whether a field called `name` (case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    /// A dictionary with lower-cased names (the first value of each name wins).
    public var lowercasedDictionary: [String: String] {
        var result: [String: String] = [:]
        for field in fields where result[field.name.lowercased()] == nil {
            result[field.name.lowercased()] = field.value
        }
        return result
    }

    /// Appends a field, keeping any existing one of the same name.
    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// `Name: value` lines.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}
