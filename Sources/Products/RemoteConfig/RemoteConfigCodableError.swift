// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Errors of the `Codable` conveniences on ``RemoteConfig``: ``RemoteConfig/setDefaults(from:)`` (and the other
/// `setDefaults` calls) and the whole-config ``RemoteConfig/decoded(asType:)``. A single value's
/// ``RemoteConfigValue/decoded(asType:)`` throws ``RemoteConfigValueCodableError``, as in Firebase.
public enum RemoteConfigCodableError: Error, Sendable, Hashable {
    /// The defaults could not be turned into key/value pairs, with the reason (not a keyed container, a value
    /// that is not a string, number, boolean, date, data, array or dictionary, nesting deeper than 32 levels, an
    /// unreadable plist).
    case invalidSetDefaultsInput(String)
    /// The config could not be decoded as the requested type, with the type and the reason (Firebase rethrows the
    /// decoder's `DecodingError`).
    case valueNotDecodable(type: String, reason: String)
}
