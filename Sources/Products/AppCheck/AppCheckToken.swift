// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An App Check token and when it expires.
public struct AppCheckToken: Sendable, Hashable {
    /// The token to send in the `X-Firebase-AppCheck` header (a JWT).
    public var token: String
    /// When the backend stops accepting it.
    public var expirationDate: Date

    /// A token.
    public init(token: String, expirationDate: Date) {
        self.token = token
        self.expirationDate = expirationDate
    }
}
