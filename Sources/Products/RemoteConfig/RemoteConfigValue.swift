// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// One config value and where it came from (Firebase's `RemoteConfigValue`): the bytes, read as a string,
/// number, boolean, data, JSON or any `Decodable`.
///
/// ```swift
/// let value = remoteConfig["welcome_message"]
/// label.text = value.stringValue
/// if value.source == .static { /* neither fetched nor a default */ }
/// let banner = try remoteConfig["banner"].decoded(asType: Banner.self)
/// ```
public struct RemoteConfigValue: Sendable, Hashable, CustomDebugStringConvertible {
    /// The raw bytes (UTF-8 text for values from the backend).
    public let dataValue: Data
    /// Where the value came from.
    public let source: RemoteConfigSource

    /// A value of `data` from `source`.
    public init(data: Data, source: RemoteConfigSource) {
        dataValue = data
        self.source = source
    }

    /// The empty static value of a key that is neither fetched nor a default.
    static let empty = RemoteConfigValue(data: Data(), source: .static)

    /// The bytes as UTF-8 text: "" for the static value and for bytes that are not UTF-8 (as Firebase).
    public var stringValue: String { String(bytes: dataValue, encoding: .utf8) ?? "" }

    /// The text as a number: its leading decimal number, 0 when it does not start with one (as `NSString`'s
    /// `doubleValue`, which Firebase uses).
    public var numberValue: NSNumber { NSNumber(value: Self.leadingDouble(stringValue)) }

    /// The text as a boolean, as `NSString.boolValue` reads it (Firebase's rule): true when, after leading
    /// whitespace, an optional sign and leading zeros, it starts with `Y`, `y`, `T`, `t` or a digit 1–9.
    public var boolValue: Bool {
        var scalars = Substring(stringValue).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
        scalars = scalars.drop { $0 == "0" }
        guard let first = scalars.first else { return false }
        return "YyTt123456789".contains(first)
    }

    /// The bytes parsed as JSON (any top-level value), or nil when they are not JSON or nest deeper than 32 levels.
    public var jsonValue: Any? {
        guard !dataValue.isEmpty, BoundedJSON.nestingIsBounded(dataValue, maximumDepth: BoundedJSON.defaultMaximumDepth)
        else {
            return nil
        }
        return try? JSONSerialization.jsonObject(with: dataValue, options: [.fragmentsAllowed])
    }

    /// The value decoded as `Value`: `String`, `Bool`, numbers (every integer width, `Float`, `Double`, `Decimal`)
    /// and `Data` as the properties above read them, anything else from the value's JSON. `Date` is refused, as
    /// Firebase refuses it.
    ///
    /// - Throws: ``RemoteConfigValueCodableError/unsupportedType(_:)`` for `Date` (Firebase's error and message),
    ///   ``RemoteConfigValueCodableError/valueNotDecodable(type:reason:)`` naming the type and the reason when the
    ///   value does not decode.
    public func decoded<Value: Decodable>(asType type: Value.Type = Value.self) throws(RemoteConfigValueCodableError)
        -> Value
    {
        if type == Date.self {
            throw .unsupportedType(
                "Date type is not currently supported for  Remote Config Value decoding. Please file a feature request")
        }
        if let value = directValue(as: type) as? Value { return value }
        guard BoundedJSON.nestingIsBounded(dataValue, maximumDepth: BoundedJSON.defaultMaximumDepth) else {
            throw .valueNotDecodable(
                type: String(describing: type),
                reason: "the JSON nests deeper than \(BoundedJSON.defaultMaximumDepth) levels")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: dataValue)
        } catch {
            throw .valueNotDecodable(type: String(describing: type), reason: String(describing: error))
        }
    }

    /// `String`, `Bool`, `Data` and numbers read from the properties above (as Firebase's decoder reads them), or nil
    /// for other types.
    private func directValue(as type: Any.Type) -> Any? {
        switch type {
        case is String.Type: stringValue
        case is Bool.Type: boolValue
        case is Data.Type: dataValue
        case is Double.Type: numberValue.doubleValue
        case is Float.Type: numberValue.floatValue
        case is Decimal.Type: Decimal(numberValue.doubleValue)
        case is Int.Type: numberValue.intValue
        case is Int8.Type: numberValue.int8Value
        case is Int16.Type: numberValue.int16Value
        case is Int32.Type: numberValue.int32Value
        case is Int64.Type: numberValue.int64Value
        case is UInt.Type: numberValue.uintValue
        case is UInt8.Type: numberValue.uint8Value
        case is UInt16.Type: numberValue.uint16Value
        case is UInt32.Type: numberValue.uint32Value
        case is UInt64.Type: numberValue.uint64Value
        default: nil
        }
    }

    /// Every reading of the value and its source, as Firebase's `debugDescription` lists them.
    public var debugDescription: String {
        "<RemoteConfigValue: Boolean: \(boolValue), String: \(stringValue), Number: \(numberValue), "
            + "JSON:\(jsonValue.map { String(describing: $0) } ?? "nil"), Data: \(dataValue), Source: \(source.rawValue)>"
    }

    /// The leading decimal number of `text` (after whitespace), or 0.
    static func leadingDouble(_ text: String) -> Double {
        let characters = Array(
            text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.prefix(64)
                .prefix { "0123456789+-.eE".contains($0) })
        var best: Double = 0
        for length in stride(from: 1, through: characters.count, by: 1) {
            if let value = Double(String(characters[0..<length])), value.isFinite { best = value }
        }
        return best
    }
}
