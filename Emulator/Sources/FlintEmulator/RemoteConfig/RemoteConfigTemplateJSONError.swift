// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Why a Remote Config template in Firebase's REST JSON was refused: what was wrong, and where.
public struct RemoteConfigTemplateJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong (`conditions[2].expression: unexpected ')'`).
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The same error, its message prefixed with where it was found.
    func at(_ location: String) -> RemoteConfigTemplateJSONError {
        RemoteConfigTemplateJSONError("\(location): \(message)")
    }

    /// The message.
    public var description: String { message }
}
