// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// One app's installation as Installations keeps it (in memory and in its file): the ID and, once
/// registered, the refresh token and the latest auth token.
struct StoredInstallation: Codable, Sendable, Equatable {
    /// The installation ID.
    var fid: String
    /// The refresh token, once the backend registered the installation.
    var refreshToken: String?
    /// The latest auth token.
    var authToken: String?
    /// When ``authToken`` expires.
    var expirationDate: Date?

    /// Whether the backend registered the installation.
    var isRegistered: Bool { refreshToken != nil }
}
