// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Errors thrown by ``KeyedInstanceCache`` itself (errors thrown by a `create` closure pass through unchanged).
public enum KeyedInstanceCacheError: Error, Equatable, CustomStringConvertible {
    /// A `create` closure asked the same cache for the key it is creating, on the same thread. Waiting would
    /// deadlock, so the inner call throws this instead; `key` is `String(describing:)` of the key.
    case reentrantCreation(key: String)

    /// A readable explanation of the error.
    public var description: String {
        switch self {
        case .reentrantCreation(let key):
            return "Re-entrant creation: the instance for key '\(key)' was requested while it was being created."
        }
    }
}
