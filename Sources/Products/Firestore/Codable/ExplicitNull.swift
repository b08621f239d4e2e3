// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Writes a nil optional property as an explicit null field instead of leaving the field out (Firebase's
/// `@ExplicitNull`):
///
/// ```swift
/// struct Profile: Codable {
///     @ExplicitNull var nickname: String?   // nil writes "nickname": null
/// }
/// ```
@propertyWrapper
public struct ExplicitNull<Value> {
    /// The value, nil written as null.
    public var wrappedValue: Value?

    /// A property holding `wrappedValue`.
    public init(wrappedValue value: Value?) {
        wrappedValue = value
    }
}

extension ExplicitNull: Sendable where Value: Sendable {}

extension ExplicitNull: Equatable where Value: Equatable {}

extension ExplicitNull: Hashable where Value: Hashable {}

extension ExplicitNull: Encodable where Value: Encodable {
    /// The value, or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension ExplicitNull: Decodable where Value: Decodable {
    /// Null as nil, anything else as `Value`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}
