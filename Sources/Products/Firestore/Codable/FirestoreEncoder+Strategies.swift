// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension Firestore.Encoder {
    /// How `Date` values are written (Firebase's `FirebaseDataEncoder.DateEncodingStrategy`).
    public enum DateEncodingStrategy: Sendable {
        /// As a Firestore timestamp (the default).
        case timestamp
        /// As `Date` encodes itself: a double of seconds since 2001-01-01.
        case deferredToDate
        /// As a double of seconds since 1970-01-01.
        case secondsSince1970
        /// As a double of milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// As an ISO 8601 string (RFC 3339, whole seconds).
        case iso8601
        /// As a string from `formatter`.
        case formatted(DateFormatter)
        /// As the closure encodes it (an empty map if it encodes nothing).
        case custom(@Sendable (Date, any Swift.Encoder) throws -> Void)
    }

    /// How `Data` values are written (Firebase's `FirebaseDataEncoder.DataEncodingStrategy`).
    public enum DataEncodingStrategy: Sendable {
        /// As Firestore bytes (the default).
        case blob
        /// As `Data` encodes itself: an array of byte integers.
        case deferredToData
        /// As a Base64 string.
        case base64
        /// As the closure encodes it (an empty map if it encodes nothing).
        case custom(@Sendable (Data, any Swift.Encoder) throws -> Void)
    }

    /// How infinite and NaN floating-point values are written (Firebase's
    /// `FirebaseDataEncoder.NonConformingFloatEncodingStrategy`).
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// Throw `EncodingError.invalidValue` (the default).
        case `throw`
        /// Write the given strings instead.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How property names become field names (Firebase's `FirebaseDataEncoder.KeyEncodingStrategy`). The keys
    /// of a `[String: Value]` dictionary are never converted.
    public enum KeyEncodingStrategy: Sendable {
        /// The coding keys as they are (the default).
        case useDefaultKeys
        /// `camelCase` to `snake_case`: words split at a lowercase-to-uppercase change (and before the last
        /// capital of an acronym followed by lowercase), joined by `_` and lowercased; leading and trailing
        /// underscores are kept (`myURLProperty` → `my_url_property`).
        case convertToSnakeCase
        /// The key the closure returns for the full coding path (the last element is the key to convert).
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}
