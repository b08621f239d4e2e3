// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop

/// What ``AppCheck`` returns through `AppCheckInterop`: a token, or a placeholder token and the error.
///
/// As in Firebase, interop requests never throw: a product can always attach *some* token (the backend
/// rejects the placeholder) and decide separately what to do with the error.
public final class AppCheckTokenResult: AppCheckTokenResultInterop, Sendable {
    /// Firebase's placeholder ("dummy") token, base64 of `{"error":"UNKNOWN_ERROR"}`.
    public static let placeholderToken = "eyJlcnJvciI6IlVOS05PV05fRVJST1IifQ=="

    /// The token, or ``placeholderToken`` when ``error`` is set.
    public let token: String
    /// Why no token could be obtained, or nil.
    public let error: (any Error)?

    /// A successful result.
    public init(token: String) {
        self.token = token
        error = nil
    }

    /// A failed result: the placeholder token and `error`.
    public init(error: any Error) {
        token = Self.placeholderToken
        self.error = error
    }
}
