// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension Firestore.Decoder {
    /// How `Date` values are read from values that are not timestamps (Firebase's
    /// `FirebaseDataDecoder.DateDecodingStrategy`); a timestamp always decodes as a `Date`.
    public enum DateDecodingStrategy: Sendable {
        /// As `Date` decodes itself: a number of seconds since 2001-01-01.
        case deferredToDate
        /// From a number of seconds since 1970-01-01.
        case secondsSince1970
        /// From a number of milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// From an ISO 8601 string (RFC 3339, whole seconds).
        case iso8601
        /// From a string parsed by `formatter`.
        case formatted(DateFormatter)
        /// As the closure decodes it.
        case custom(@Sendable (any Swift.Decoder) throws -> Date)

        /// From a Firestore timestamp, else as `Date` decodes itself (the default).
        public static var timestamp: DateDecodingStrategy { .deferredToDate }

        /// From a Firestore timestamp, else with `fallback` (Firebase's `timestamp(fallback:)`).
        public static func timestamp(fallback: DateDecodingStrategy = .deferredToDate) -> DateDecodingStrategy {
            fallback
        }
    }

    /// How `Data` values are read (Firebase's `FirebaseDataDecoder.DataDecodingStrategy`).
    public enum DataDecodingStrategy: Sendable {
        /// From Firestore bytes (the default).
        case blob
        /// As `Data` decodes itself: an array of byte integers.
        case deferredToData
        /// From a Base64 string.
        case base64
        /// As the closure decodes it.
        case custom(@Sendable (any Swift.Decoder) throws -> Data)
    }

    /// How strings stand for infinite and NaN floating-point values (Firebase's
    /// `FirebaseDataDecoder.NonConformingFloatDecodingStrategy`). Stored infinities and NaNs always decode.
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// Strings never decode as numbers (the default).
        case `throw`
        /// These strings decode as infinity, minus infinity and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How field names map to property names (Firebase's `FirebaseDataDecoder.KeyDecodingStrategy`). The keys
    /// of a `[String: Value]` dictionary are never converted.
    public enum KeyDecodingStrategy: Sendable {
        /// The field names as they are (the default).
        case useDefaultKeys
        /// `snake_case` to `camelCase`: split at `_`, later words capitalized, leading and trailing underscores
        /// kept (`my_url_property` → `myUrlProperty`).
        case convertFromSnakeCase
        /// The key the closure returns for the full coding path (the last element is the field name).
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}
