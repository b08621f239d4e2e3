// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Why a ``TestHTTPServer`` could not start.
public enum TestHTTPServerError: Error, Equatable, Sendable {
    /// A POSIX call (`socket`, `bind`, `listen`, `getsockname`, `pipe`) failed with `errno`.
    case socketCallFailed(String, errno: Int32)
}
