// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The codes of a ``RemoteConfigError``, with the raw values of Firebase's `RemoteConfigError`.
public enum RemoteConfigErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An unknown error (8001).
    case unknown = 8001
    /// The fetch was refused because the client is backing off after server errors (8002); retry after the
    /// error's ``RemoteConfigError/throttleEndTime``.
    case throttled = 8002
    /// An internal error: the server failed or could not be reached, an answer was unreadable, or the config
    /// could not be saved or read back (8003).
    case internalError = 8003

    /// The case name.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .throttled: "throttled"
        case .internalError: "internalError"
        }
    }
}
