// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// How the last token request went, which decides when ``AppCheckTokenRefresher`` refreshes next (Firebase's
/// `FIRAppCheckTokenRefreshResult`).
enum AppCheckTokenRefreshResult: Sendable, Hashable {
    /// No token was requested yet: refresh at once.
    case never
    /// A token expiring at `expirationDate` arrived at `receivedAt`.
    case success(expirationDate: Date, receivedAt: Date)
    /// The request failed: retry after a backoff.
    case failure
}
