// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension DatabaseReference {
    /// Encodes `value` and replaces the location's data with it (Firebase's `setValue(from:)`): numbers,
    /// strings, booleans, arrays (stored with integer keys), nested types as children, `nil` optionals as
    /// nothing (a `nil` property is absent, a `nil` value removes the location), `Date` by the encoder's
    /// strategy. Local observers see the change before this returns; `completion` runs once the backend
    /// accepted or refused it.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` when `value` cannot be encoded or stored (e.g. a NaN
    ///   with the default strategy, a key with `/ . # $ [ ]`).
    public func setValue<T: Encodable>(
        from value: T, encoder: Database.Encoder = Database.Encoder(),
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) throws {
        let encoded = try Self.encode(value, encoder)
        try checkStorable(encoded)
        setValue(encoded) { error, _ in completion?(error) }
    }

    /// ``setValue(from:encoder:completion:)`` as an `async` call that returns once the backend accepted the
    /// write.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` when `value` cannot be encoded or stored,
    ///   ``DatabaseErrorCode/permissionDenied`` when the rules refuse it.
    public func setValue<T: Encodable>(from value: T, encoder: Database.Encoder = Database.Encoder()) async throws {
        try await setValue(try Self.encode(value, encoder))
    }

    /// `value` as Foundation values (`NSNull` for nil), through JSON.
    static func encode<T: Encodable>(_ value: T, _ encoder: Database.Encoder) throws(DatabaseError) -> Any {
        do {
            let data = try encoder.encode(value)
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .invalid("(setValue(from:)) Cannot encode \(T.self): \(error)")
        }
    }

    /// Throws what ``setValue(_:)`` would for `value`, before anything is written.
    private func checkStorable(_ value: Any) throws(DatabaseError) {
        if let error = spec.error { throw error }
        do {
            _ = try DatabaseNode(parsing: value, now: 0, at: spec.path)
        } catch {
            throw .invalid("(setValue(from:)) \(error)")
        }
    }
}
