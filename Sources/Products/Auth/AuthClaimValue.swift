// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// One JSON value of a token's claims: what ``AuthTokenResult/claims`` holds where the SDK has `Any`.
///
/// ```swift
/// let result = try await user.getIDTokenResult()
/// if result.claims["admin"] == true { … }                  // a developer claim of a custom token
/// let provider = result.claims["firebase"]?["sign_in_provider"]?.stringValue
/// ```
///
/// A `Sendable`, `Hashable`, `Codable` enum rather than the SDK's `[String: Any]`, so that
/// ``AuthTokenResult`` stays a `Sendable` value; literals (`true`, `"text"`, `3`, `[…]`, `[:]`) build and compare
/// with it.
public enum AuthClaimValue: Sendable, Hashable, Codable, ExpressibleByBooleanLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (JSON has one number type).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([AuthClaimValue])
    /// An object.
    case object([String: AuthClaimValue])

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The number, if this is one.
    public var doubleValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The number as an `Int`, if this is a whole number in range.
    public var intValue: Int? {
        doubleValue.flatMap { Int(exactly: $0) }
    }

    /// The member `key` of an object; nil for a missing member or a value that is not an object.
    public subscript(key: String) -> AuthClaimValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// A value from JSON: an object, an array, or a leaf (`null`, a Boolean, a number, a string).
    public init(from decoder: any Decoder) throws {
        if let members = try? decoder.container(keyedBy: MemberName.self) {
            var object: [String: AuthClaimValue] = [:]
            for name in members.allKeys {
                object[name.stringValue] = try members.decode(AuthClaimValue.self, forKey: name)
            }
            self = .object(object)
        } else if var elements = try? decoder.unkeyedContainer() {
            var array: [AuthClaimValue] = []
            while !elements.isAtEnd { array.append(try elements.decode(AuthClaimValue.self)) }
            self = .array(array)
        } else {
            let leaf = try decoder.singleValueContainer()
            if leaf.decodeNil() {
                self = .null
            } else {
                self =
                    try (try? leaf.decode(Bool.self)).map(AuthClaimValue.bool)
                    ?? (try? leaf.decode(Double.self)).map(AuthClaimValue.number)
                    ?? .string(leaf.decode(String.self))
            }
        }
    }

    /// The value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var leaf = encoder.singleValueContainer()
        guard let payload else { return try leaf.encodeNil() }
        try leaf.encode(payload)
    }

    /// What ``encode(to:)`` writes: the associated value; nil for `null`.
    private var payload: (any Encodable)? {
        switch self {
        case .null: nil
        case .bool(let flag): flag
        case .number(let number): number
        case .string(let text): text
        case .array(let elements): elements
        case .object(let members): members
        }
    }

    /// An object member's name.
    private struct MemberName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A whole number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// An array.
    public init(arrayLiteral elements: AuthClaimValue...) { self = .array(elements) }
    /// An object (a repeated key keeps its last value).
    public init(dictionaryLiteral elements: (String, AuthClaimValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
