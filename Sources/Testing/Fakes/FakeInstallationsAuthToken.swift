// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop
import Foundation

/// An immutable installation auth token, as returned by ``FakeInstallations``.
public final class FakeInstallationsAuthToken: InstallationsAuthTokenInterop, Sendable {
    /// The token.
    public let authToken: String
    /// When it expires.
    public let expirationDate: Date

    /// A token `authToken` valid until `expirationDate`.
    public init(authToken: String, expirationDate: Date) {
        self.authToken = authToken
        self.expirationDate = expirationDate
    }
}
