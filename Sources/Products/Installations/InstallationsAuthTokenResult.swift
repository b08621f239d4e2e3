// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop
import Foundation

/// An installation auth token and when it expires (Firebase's `InstallationsAuthTokenResult`).
public final class InstallationsAuthTokenResult: InstallationsAuthTokenInterop, Sendable, CustomStringConvertible {
    /// The token, sent to Firebase backends as `X-Goog-Firebase-Installations-Auth`.
    public let authToken: String
    /// When the token stops being accepted.
    public let expirationDate: Date

    /// A token `authToken` valid until `expirationDate`.
    public init(authToken: String, expirationDate: Date) {
        self.authToken = authToken
        self.expirationDate = expirationDate
    }

    /// The expiration date only: tokens are credentials and stay out of logs.
    public var description: String { "InstallationsAuthTokenResult(expires: \(expirationDate))" }
}
