// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Errors of ``RemoteConfigValue/decoded(asType:)`` (Firebase's `RemoteConfigValueCodableError`).
///
/// Firebase's enum has ``unsupportedType(_:)`` alone and rethrows the `DecodingError` of a value that does not
/// decode; Flint's call has typed throws and reports that case as ``valueNotDecodable(type:reason:)``, naming the
/// type and the decoder's reason.
public enum RemoteConfigValueCodableError: Error, Sendable, Hashable {
    /// The requested type cannot be decoded from a Remote Config value (`Date`, as in Firebase), with Firebase's
    /// message.
    case unsupportedType(String)
    /// The value could not be decoded as the requested type, with the type and the reason (Firebase rethrows the
    /// decoder's `DecodingError` instead).
    case valueNotDecodable(type: String, reason: String)
}
