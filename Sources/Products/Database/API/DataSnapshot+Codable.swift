// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension DataSnapshot {
    /// The snapshot's value decoded as `type` (Firebase's `data(as:)`): children by key, arrays by the SDK's
    /// array rule, a missing location as `nil` (so only an `Optional` type decodes from it).
    ///
    /// ```swift
    /// struct Player: Codable { var name: String; var score: Int }
    /// let ada = try await ref.child("players/ada").getData().data(as: Player.self)
    /// ```
    /// - Throws: ``DatabaseErrorCode/decodingFailed`` when the value does not fit `type` (the message
    ///   names the place and the problem).
    public func data<T: Decodable>(as type: T.Type, decoder: Database.Decoder = Database.Decoder())
        throws(DatabaseError) -> T
    {
        do {
            let data = try JSONSerialization.data(withJSONObject: value ?? NSNull(), options: [.fragmentsAllowed])
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw DatabaseError(
                .decodingFailed, "Cannot decode \(T.self) from \(ref.spec.path): \(Self.describe(error))")
        } catch {
            throw DatabaseError(.decodingFailed, "Cannot decode \(T.self) from \(ref.spec.path): \(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        let (context, problem): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(let type, let context): (context, "expected \(type)")
            case .valueNotFound(let type, let context): (context, "no value for \(type)")
            case .keyNotFound(let key, let context): (context, "missing key \(key.stringValue)")
            case .dataCorrupted(let context): (context, "corrupted data")
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty
            ? "\(problem): \(context.debugDescription)" : "\(problem) at \(path): \(context.debugDescription)"
    }
}
