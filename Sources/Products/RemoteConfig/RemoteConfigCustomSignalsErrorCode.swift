// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What went wrong setting custom signals (Firebase's `RemoteConfigCustomSignalsError.Code`, same raw values).
public enum RemoteConfigCustomSignalsErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An unknown error (8001).
    case unknown = 8001
    /// A value of a type custom signals cannot hold (8002). ``CustomSignalValue`` rules it out in Swift; kept for
    /// the SDK's code set.
    case invalidValueType = 8002
    /// A key or string value too long, or too many signals (8003).
    case limitExceeded = 8003

    /// The case name.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .invalidValueType: "invalidValueType"
        case .limitExceeded: "limitExceeded"
        }
    }
}
