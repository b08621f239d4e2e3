// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The codes of an ``InstallationsError``, with the raw values of Firebase's `InstallationsErrorCode`.
public enum InstallationsErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An unknown error (0).
    case unknown = 0
    /// The installation could not be read from or written to storage (1; Firebase's keychain error): the
    /// persistence file is unreadable, corrupt, or cannot be written.
    case keychain = 1
    /// The Installations server could not be reached or did not answer properly (2).
    case serverUnreachable = 2
    /// The app's options are invalid for Installations, e.g. no project ID or API key (3).
    case invalidConfiguration = 3

    /// The case name, e.g. `serverUnreachable`.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .keychain: "keychain"
        case .serverUnreachable: "serverUnreachable"
        case .invalidConfiguration: "invalidConfiguration"
        }
    }
}
