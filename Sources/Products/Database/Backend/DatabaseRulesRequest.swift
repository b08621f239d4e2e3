// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a ``LocalDatabaseBackend``'s security rules decide on: one read or write of one caller at one path.
///
/// ```swift
/// // Everybody reads; only a signed-in user writes, and only under /users/<uid>.
/// let backend = LocalDatabaseBackend(rules: { request in
///     switch request.operation {
///     case .read: return true
///     case .write: return request.uid != nil && request.path.hasPrefix("/users/\(request.uid!)")
///     }
/// })
/// ```
public struct DatabaseRulesRequest: Sendable, Hashable {
    /// The kinds of operations rules see.
    public enum Operation: String, Sendable, Hashable {
        /// Reading or listening to a location.
        case read
        /// Writing a location (a set, one path of an update, a removal).
        case write
    }

    /// The operation.
    public let operation: Operation
    /// The location, as `/a/b` (`/` for the root).
    public let path: String
    /// The database URL.
    public let database: String
    /// The caller's uid (`auth.uid`), nil when unauthenticated.
    public let uid: String?
    /// The caller's App Check token, nil without App Check.
    public let appCheckToken: String?

    /// A request (for testing rules directly).
    public init(operation: Operation, path: String, database: String, uid: String?, appCheckToken: String? = nil) {
        self.operation = operation
        self.path = path
        self.database = database
        self.uid = uid
        self.appCheckToken = appCheckToken
    }
}
