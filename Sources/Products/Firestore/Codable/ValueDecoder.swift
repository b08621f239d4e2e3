// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// One `decode` call: its settings and document, shared by every container.
final class DecodingContext {
    let options: DecodingOptions
    let userInfo: [CodingUserInfoKey: Any]

    init(options: DecodingOptions, reference: DocumentReference?) {
        self.options = options
        var userInfo: [CodingUserInfoKey: Any] = options.userInfo
        if let reference { userInfo[.firestoreDocumentReference] = reference }
        self.userInfo = userInfo
    }

    /// A map's fields under the key strategy.
    func convertedFields(_ fields: [String: FirestoreValue], codingPath: [any CodingKey]) -> [String: FirestoreValue] {
        switch options.key {
        case .useDefaultKeys:
            return fields
        case .convertFromSnakeCase:
            return Dictionary(fields.map { (SnakeCaseKeys.toCamelCase($0.key), $0.value) }) { first, _ in first }
        case .custom(let closure):
            return Dictionary(
                fields.map { (closure(codingPath + [StringCodingKey(stringValue: $0.key)]).stringValue, $0.value) }
            ) { first, _ in first }
        }
    }
}

extension CodingUserInfoKey {
    /// The ``DocumentReference`` being decoded (for ``DocumentID``).
    static let firestoreDocumentReference = CodingUserInfoKey(rawValue: "DocumentRefUserInfoKey")!
}

/// The `Decoder` reading one ``FirestoreValue`` (nil: a missing key).
struct ValueDecoder: Decoder {
    let value: FirestoreValue?
    let codingPath: [any CodingKey]
    let context: DecodingContext
    /// Whether map keys are taken as they are (a `[String: Value]` dictionary's).
    var keepsKeys = false

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    init(value: FirestoreValue?, codingPath: [any CodingKey], context: DecodingContext) {
        self.value = value
        self.codingPath = codingPath
        self.context = context
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let fields)? = value else { throw mismatch([String: FirestoreValue].self) }
        return KeyedDecodingContainer(
            KeyedValueContainer<Key>(
                fields: keepsKeys ? fields : context.convertedFields(fields, codingPath: codingPath),
                codingPath: codingPath, context: context))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements)? = value else { throw mismatch([FirestoreValue].self) }
        return UnkeyedValueContainer(elements: elements, codingPath: codingPath, context: context)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    /// `valueNotFound` for a missing value or null, else `typeMismatch`.
    func mismatch(_ type: Any.Type) -> DecodingError {
        guard let value, value != .null else {
            return .valueNotFound(
                type,
                .init(
                    codingPath: codingPath,
                    debugDescription: "Expected \(type) value but found \(value == nil ? "nothing" : "null") instead."))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath,
                debugDescription: "Expected \(type), found \(Self.summary(of: value))."))
    }

    /// A short description of `value` for errors: scalars in full (strings cut at 100 characters), maps and
    /// arrays by their size only, so describing a huge or deeply nested value costs nothing.
    static func summary(of value: FirestoreValue) -> String {
        switch value {
        case .map(let fields): "a map of \(fields.count) fields"
        case .array(let elements): "an array of \(elements.count) elements"
        case .string(let string): string.count > 100 ? "\"\(string.prefix(100))…\"" : "\"\(string)\""
        default: "\(value)"
        }
    }

    /// Firestore's own types, the strategies' types and primitives directly; anything else through its
    /// `init(from:)`.
    ///
    /// Throws `DecodingError.dataCorrupted` once the value sits deeper than Firestore nests maps and arrays
    /// (``UserDataParser/maxNestingDepth``), before decoding it: a value built by hand can be nested without
    /// limit, and a recursive `Decodable` (a linked list, a tree) must never recurse with it until the stack
    /// overflows. Stored documents never nest that deep.
    func decodeSpecial<T: Decodable>(_ type: T.Type) throws -> T {
        guard codingPath.count <= UserDataParser.maxNestingDepth + 1 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: Array(codingPath.prefix(UserDataParser.maxNestingDepth + 1)),
                    debugDescription: "Maps and arrays can be nested at most \(UserDataParser.maxNestingDepth) levels "
                        + "deep (decoding \(T.self))."))
        }
        if type == FirestoreValue.self {
            guard let value else { throw mismatch(type) }
            return value as! T
        }
        if type == Date.self { return try decodeDate() as! T }
        if type == Data.self { return try decodeData() as! T }
        if type == Timestamp.self {
            guard case .timestamp(let timestamp)? = value else { throw mismatch(type) }
            return timestamp as! T
        }
        if type == GeoPoint.self {
            guard case .geoPoint(let point)? = value else { throw mismatch(type) }
            return point as! T
        }
        if type == VectorValue.self {
            guard case .vector(let vector)? = value else { throw mismatch(type) }
            return vector as! T
        }
        if type == DocumentReference.self {
            guard case .reference(let reference)? = value else { throw mismatch(type) }
            return reference as! T
        }
        if type == URL.self {
            guard case .string(let string)? = value, let url = URL(string: string) else { throw mismatch(type) }
            return url as! T
        }
        if T.self is any StringKeyedDictionary.Type {
            var decoder = self
            decoder.keepsKeys = true
            return try T(from: decoder)
        }
        return try T(from: self)
    }

    private func decodeDate() throws -> Date {
        if case .timestamp(let timestamp)? = value { return timestamp.dateValue() }
        switch context.options.date {
        case .deferredToDate: return try Date(from: self)
        case .secondsSince1970: return Date(timeIntervalSince1970: try decodeDouble())
        case .millisecondsSince1970: return Date(timeIntervalSince1970: try decodeDouble() / 1000)
        case .iso8601:
            guard let date = try? Date(decodeString(), strategy: .iso8601) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Expected date string to be ISO8601-formatted."))
            }
            return date
        case .formatted(let formatter):
            guard let date = formatter.date(from: try decodeString()) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: codingPath,
                        debugDescription: "Date string does not match format expected by formatter."))
            }
            return date
        case .custom(let closure): return try closure(self)
        }
    }

    private func decodeData() throws -> Data {
        switch context.options.data {
        case .blob:
            guard case .bytes(let bytes)? = value else { throw mismatch(Data.self) }
            return bytes
        case .deferredToData: return try Data(from: self)
        case .base64:
            guard let data = Data(base64Encoded: try decodeString()) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data
        case .custom(let closure): return try closure(self)
        }
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let bool)? = value else { throw mismatch(Bool.self) }
        return bool
    }

    func decodeString() throws -> String {
        guard case .string(let string)? = value else { throw mismatch(String.self) }
        return string
    }

    func decodeDouble() throws -> Double {
        switch value {
        case .double(let double)?: return double
        case .integer(let integer)?: return Double(integer)
        case .string(let string)?:
            if case .convertFromString(let positive, let negative, let nan) = context.options.nonConformingFloat {
                if string == positive { return .infinity }
                if string == negative { return -.infinity }
                if string == nan { return .nan }
            }
            throw mismatch(Double.self)
        default: throw mismatch(Double.self)
        }
    }

    func decodeFloat() throws -> Float {
        let double = try decodeDouble()
        guard double.isNaN || double.isInfinite || abs(double) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(double) does not fit in Float."))
        }
        return Float(double)
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let converted: I?
        switch value {
        case .integer(let integer)?: converted = I(exactly: integer)
        case .double(let double)?: converted = I(exactly: double)
        default: throw mismatch(type)
        }
        guard let converted else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "\(value!) does not fit in \(type)."))
        }
        return converted
    }
}
