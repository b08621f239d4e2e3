// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What security rules of a ``LocalStorageBackend`` see of a request (like Firestore's `RulesRequest`).
///
/// ```swift
/// let backend = LocalStorageBackend(rules: { request in
///     request.path.hasPrefix("users/\(request.uid ?? "-")/")   // each user only under their own folder
/// })
/// ```
public struct StorageRulesRequest: Sendable, Hashable {
    /// What a request does.
    public enum Operation: Sendable, Hashable {
        /// Reading data, metadata or a download URL.
        case read
        /// Creating or overwriting an object, or updating its metadata.
        case write
        /// Deleting an object.
        case delete
        /// Listing a folder.
        case list
    }

    /// What the request does.
    public var operation: Operation
    /// The bucket.
    public var bucket: String
    /// The object's path, or the listed folder's.
    public var path: String
    /// The caller's uid (`request.auth.uid` in Storage rules), nil when nobody is signed in.
    public var uid: String?

    /// A request (for tests of rules).
    public init(operation: Operation, bucket: String, path: String, uid: String?) {
        self.operation = operation
        self.bucket = bucket
        self.path = path
        self.uid = uid
    }
}

/// Security rules of a ``LocalStorageBackend``: true allows the request, false fails it with
/// ``StorageErrorCode/unauthorized``.
public typealias StorageRules = @Sendable (StorageRulesRequest) -> Bool
