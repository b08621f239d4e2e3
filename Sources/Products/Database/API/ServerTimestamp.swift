// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Marks an optional `Date` property of a `Codable` type to be filled with the server's time (Firebase's
/// `ServerTimestamp` for the Realtime Database): a `nil` date encodes as ``ServerValue/timestamp()``, so
/// ``DatabaseReference/setValue(from:encoder:completion:)`` stores the write's time there; a date encodes as
/// whole milliseconds since 1970, and decodes from them (null decodes as `nil`).
///
/// ```swift
/// struct Post: Codable {
///     var title: String
///     @ServerTimestamp var createdAt: Date?
/// }
/// try ref.setValue(from: Post(title: "Hello", createdAt: nil))
/// ```
@propertyWrapper
public struct ServerTimestamp: Codable, Equatable, Hashable, Sendable {
    private var value: Date?

    /// A timestamp holding `value` (nil: the server's time, once written).
    public init(wrappedValue value: Date?) {
        self.value = value
    }

    /// The date, nil until the server filled it in.
    public var wrappedValue: Date? {
        get { value }
        set { value = newValue }
    }

    /// Decodes whole milliseconds since 1970, or null as `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else {
            let milliseconds = try container.decode(Int.self)
            value = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
        }
    }

    /// Encodes the date as whole milliseconds since 1970, or `nil` as `{".sv": "timestamp"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value {
            try container.encode(Int(value.timeIntervalSince1970 * 1000))
        } else {
            try container.encode([".sv": "timestamp"])
        }
    }
}
