// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

extension Firestore {
    /// Encodes `Encodable` values into document fields (Firebase's `Firestore.Encoder`).
    ///
    /// By default `Date` becomes a timestamp and `Data` bytes (see the strategies); ``Timestamp``,
    /// ``GeoPoint``, ``DocumentReference`` and ``FirestoreValue`` (including ``FieldValue`` sentinels) are
    /// kept as they are; a ``DocumentID`` property is left out; nil optionals are left out (as
    /// `encodeIfPresent` does), except ``ExplicitNull`` ones, written as null; a nil ``ServerTimestamp``
    /// writes `FieldValue.serverTimestamp()`.
    ///
    /// ```swift
    /// struct City: Codable { @DocumentID var id: String?; var name: String; var population: Int }
    /// let encoder = Firestore.Encoder()
    /// encoder.keyEncodingStrategy = .convertToSnakeCase
    /// try await db.collection("cities").document("LA").setData(from: city, encoder: encoder)
    /// ```
    ///
    /// A class, as in the SDK, whose settings may be changed from any thread (each `encode` uses the
    /// settings of the moment it starts).
    public final class Encoder: Sendable {
        private let options = Locked(EncodingOptions())

        /// How `Date` values are written; `.timestamp` by default.
        public var dateEncodingStrategy: DateEncodingStrategy {
            get { options.withLock { $0.date } }
            set { options.withLock { $0.date = newValue } }
        }

        /// How `Data` values are written; `.blob` (Firestore bytes) by default.
        public var dataEncodingStrategy: DataEncodingStrategy {
            get { options.withLock { $0.data } }
            set { options.withLock { $0.data = newValue } }
        }

        /// How infinities and NaNs are written; `.throw` by default.
        public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
            get { options.withLock { $0.nonConformingFloat } }
            set { options.withLock { $0.nonConformingFloat = newValue } }
        }

        /// How property names become field names; `.useDefaultKeys` by default.
        public var keyEncodingStrategy: KeyEncodingStrategy {
            get { options.withLock { $0.key } }
            set { options.withLock { $0.key = newValue } }
        }

        /// Information for the encoded types' `encode(to:)` (`Encoder.userInfo`).
        public var userInfo: [CodingUserInfoKey: any Sendable] {
            get { options.withLock { $0.userInfo } }
            set { options.withLock { $0.userInfo = newValue } }
        }

        /// An encoder with the default strategies.
        public init() {}

        /// The fields of `value`, which must encode as a keyed container (a struct or class).
        /// - Throws: `EncodingError.invalidValue` when `value` does not encode as a map (an array, a
        ///   ``DocumentReference`` or a ``FieldValue`` at the top level), for an infinite or NaN number with
        ///   the `.throw` strategy and for a `UInt`/`UInt64` above `Int64.max`; ``FirestoreError`` with
        ///   `invalidArgument` for maps and arrays nested deeper than Firestore allows; what the value's own
        ///   `encode(to:)` throws.
        public func encode<T: Encodable>(_ value: T) throws -> [String: FirestoreValue] {
            let context = EncodingContext(options: options.withLock { $0 })
            guard case .map(let fields) = try context.encode(value, codingPath: []) else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: [], debugDescription: "Top-level \(T.self) is not allowed."))
            }
            return fields
        }
    }
}

/// A ``Firestore/Encoder``'s settings, copied for one `encode` call.
struct EncodingOptions: Sendable {
    var date: Firestore.Encoder.DateEncodingStrategy = .timestamp
    var data: Firestore.Encoder.DataEncodingStrategy = .blob
    var nonConformingFloat: Firestore.Encoder.NonConformingFloatEncodingStrategy = .throw
    var key: Firestore.Encoder.KeyEncodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
}
