// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop

/// An immutable App Check token result, as returned by ``FakeAppCheck``; also handy on its own when a
/// hand-written `AppCheckInterop` needs a result to return.
public final class FakeAppCheckTokenResult: AppCheckTokenResultInterop, Sendable {
    /// The token (a placeholder when ``error`` is set).
    public let token: String
    /// Why no valid token could be obtained, or nil on success.
    public let error: (any Error)?

    /// A result holding `token` and, for a failure, `error`.
    public init(token: String, error: (any Error)? = nil) {
        self.token = token
        self.error = error
    }
}
