// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The outcome of an App Check token request.
///
/// As in Firebase, a request never throws: on failure `error` is set and `token` holds a placeholder
/// ("dummy") token that the backend rejects, so a caller can always attach *some* header and decide
/// separately whether to log or surface the error.
public protocol AppCheckTokenResultInterop: AnyObject, Sendable {
    /// The App Check token (a placeholder when ``error`` is set).
    var token: String { get }

    /// Why no valid token could be obtained, or nil on success.
    var error: (any Error)? { get }
}
