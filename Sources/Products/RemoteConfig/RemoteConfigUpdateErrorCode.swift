// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The codes of a ``RemoteConfigUpdateError``, with the raw values of Firebase's `RemoteConfigUpdateError`.
public enum RemoteConfigUpdateErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The real-time connection failed (8001).
    case streamError = 8001
    /// A new template was announced but could not be fetched (8002).
    case notFetched = 8002
    /// The server sent a message that could not be read (8003).
    case messageInvalid = 8003
    /// The real-time service is unavailable (8004).
    case unavailable = 8004

    /// The case name.
    public var description: String {
        switch self {
        case .streamError: "streamError"
        case .notFetched: "notFetched"
        case .messageInvalid: "messageInvalid"
        case .unavailable: "unavailable"
        }
    }
}
