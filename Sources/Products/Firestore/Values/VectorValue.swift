// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A vector of doubles, such as an embedding (Firebase's `VectorValue`), written with
/// `FieldValue.vector(_:)` and read back as ``FirestoreValue/vector(_:)``.
///
/// ```swift
/// try await db.document("docs/a").setData(["embedding": FieldValue.vector([0.1, 0.2, 0.3])])
/// let embedding = try await db.document("docs/a").getDocument().get("embedding")?.vectorValue?.array
/// ```
///
/// Stored as Firestore stores it, a map `{__type__: "__vector__", value: [doubles]}`; vectors order after
/// arrays and before maps, a shorter vector first, then element by element.
public struct VectorValue: Sendable, Hashable, CustomStringConvertible {
    /// The vector's elements.
    public let array: [Double]

    /// A vector of `array`'s elements.
    public init(_ array: [Double]) {
        self.array = array
    }

    /// `VectorValue([0.1, 0.2])`.
    public var description: String {
        "VectorValue(\(array))"
    }
}

/// As the SDK's `VectorValue+Codable`: `Firestore.Encoder` and `Firestore.Decoder` keep a vector as a vector;
/// other coders see a keyed container with the elements under `array`.
extension VectorValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case array
    }

    /// Decodes `{array: [doubles]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode([Double].self, forKey: .array))
    }

    /// Encodes `{array: [doubles]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(array, forKey: .array)
    }
}

extension VectorValue: FirestoreValueConvertible {
    /// A vector.
    public var firestoreValue: FirestoreValue { .vector(self) }
}
