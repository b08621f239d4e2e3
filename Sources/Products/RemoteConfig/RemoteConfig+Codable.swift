// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension RemoteConfig {
    /// The value of `key` decoded as `Value` (``RemoteConfigValue/decoded(asType:)``), or nil when it does not
    /// decode (Firebase's typed subscript).
    ///
    /// ```swift
    /// let retries: Int? = remoteConfig[decodedValue: "max_retries"]
    /// ```
    public subscript<Value: Decodable>(decodedValue key: String) -> Value? {
        try? configValue(forKey: key).decoded(asType: Value.self)
    }

    /// The value of `key` as a JSON object, or nil when it is not one (Firebase's JSON subscript).
    public subscript(jsonValue key: String) -> [String: AnyHashable]? {
        Self.hashable(configValue(forKey: key).jsonValue) as? [String: AnyHashable]
    }

    /// `json` (what `JSONSerialization` returns) with its arrays and objects made of `AnyHashable`s, which
    /// `JSONSerialization` does not return on every platform.
    private static func hashable(_ json: Any?) -> AnyHashable? {
        switch json {
        case let object as [String: Any]: object.compactMapValues { hashable($0) }
        case let array as [Any]: array.compactMap { hashable($0) }
        case let value as AnyHashable: value
        default: nil
        }
    }

    /// The whole config decoded as `Value`: each property from the value of the key of its name (the active
    /// config's, else the default's), read as ``RemoteConfigValue/decoded(asType:)`` reads it. Keys `Value` does not
    /// have are ignored.
    ///
    /// ```swift
    /// struct AppConfig: Decodable { var welcome: String; var maxItems: Int; var banner: Banner }
    /// let config: AppConfig = try remoteConfig.decoded()
    /// ```
    ///
    /// - Throws: ``RemoteConfigCodableError/valueNotDecodable(type:reason:)`` naming `Value` and the reason (a key it
    ///   needs that neither the active config nor the defaults have, or a value that does not decode).
    public func decoded<Value: Decodable>(asType type: Value.Type = Value.self) throws(RemoteConfigCodableError)
        -> Value
    {
        let keys = Set(allKeys(from: .default)).union(allKeys(from: .remote))
        let values = Dictionary(uniqueKeysWithValues: keys.map { ($0, configValue(forKey: $0)) })
        do {
            return try Value(from: RemoteConfigDecoder(values: values))
        } catch {
            throw .valueNotDecodable(type: String(describing: type), reason: String(describing: error))
        }
    }
}
