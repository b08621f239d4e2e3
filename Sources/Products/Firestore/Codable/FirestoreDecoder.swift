// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

extension Firestore {
    /// Decodes `Decodable` values from document fields (Firebase's `Firestore.Decoder`).
    ///
    /// Timestamps decode as `Date` or ``Timestamp``, bytes as `Data` (see the strategies for other
    /// representations); ``GeoPoint``, ``DocumentReference`` and ``FirestoreValue`` are taken as they are;
    /// integers decode as any integer type (range-checked) or as a floating point number, doubles as a
    /// floating point number or, when integral, an integer. A ``DocumentID`` property receives the ID or
    /// reference of the document given with `in:`. Mismatches throw `DecodingError` (null or a missing field
    /// for a non-optional value: `valueNotFound`).
    ///
    /// A class, as in the SDK, whose settings may be changed from any thread (each `decode` uses the settings
    /// of the moment it starts).
    public final class Decoder: Sendable {
        private let options = Locked(DecodingOptions())

        /// How `Date` values are read from values that are not timestamps; `.timestamp` by default.
        public var dateDecodingStrategy: DateDecodingStrategy {
            get { options.withLock { $0.date } }
            set { options.withLock { $0.date = newValue } }
        }

        /// How `Data` values are read; `.blob` (Firestore bytes) by default.
        public var dataDecodingStrategy: DataDecodingStrategy {
            get { options.withLock { $0.data } }
            set { options.withLock { $0.data = newValue } }
        }

        /// Which strings stand for infinities and NaN; `.throw` (none) by default.
        public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
            get { options.withLock { $0.nonConformingFloat } }
            set { options.withLock { $0.nonConformingFloat = newValue } }
        }

        /// How field names map to property names; `.useDefaultKeys` by default.
        public var keyDecodingStrategy: KeyDecodingStrategy {
            get { options.withLock { $0.key } }
            set { options.withLock { $0.key = newValue } }
        }

        /// Information for the decoded types' `init(from:)` (`Decoder.userInfo`).
        public var userInfo: [CodingUserInfoKey: any Sendable] {
            get { options.withLock { $0.userInfo } }
            set { options.withLock { $0.userInfo = newValue } }
        }

        /// A decoder with the default strategies.
        public init() {}

        /// Decodes `type` from a document's fields.
        /// - Throws: `DecodingError` on mismatches; ``FirestoreDecodingError/decodingIsNotSupported(_:)`` for
        ///   a ``DocumentID`` property (no document given: use `decode(_:from:in:)`).
        public func decode<T: Decodable>(_ type: T.Type, from data: [String: FirestoreValue]) throws -> T {
            try decode(type, from: .map(data), in: nil)
        }

        /// Decodes `type` from a document's fields; ``DocumentID`` properties get `reference`'s ID.
        public func decode<T: Decodable>(
            _ type: T.Type, from data: [String: FirestoreValue], in reference: DocumentReference?
        ) throws -> T {
            try decode(type, from: .map(data), in: reference)
        }

        /// Decodes `type` from one value (null decodes an optional `type` as nil).
        public func decode<T: Decodable>(_ type: T.Type, from data: FirestoreValue) throws -> T {
            try decode(type, from: data, in: nil)
        }

        /// Decodes `type` from one value; ``DocumentID`` properties get `reference`'s ID.
        public func decode<T: Decodable>(
            _ type: T.Type, from data: FirestoreValue, in reference: DocumentReference?
        ) throws -> T {
            let context = DecodingContext(options: options.withLock { $0 }, reference: reference)
            return try ValueDecoder(value: data, codingPath: [], context: context).decodeSpecial(type)
        }
    }
}

/// A ``Firestore/Decoder``'s settings, copied for one `decode` call.
struct DecodingOptions: Sendable {
    var date: Firestore.Decoder.DateDecodingStrategy = .timestamp
    var data: Firestore.Decoder.DataDecodingStrategy = .blob
    var nonConformingFloat: Firestore.Decoder.NonConformingFloatDecodingStrategy = .throw
    var key: Firestore.Decoder.KeyDecodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
}
