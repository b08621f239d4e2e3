// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a ``LocalFirestoreBackend``'s security rules decide on: one operation of one caller.
///
/// ```swift
/// // Only the owner may write; everybody may read.
/// let backend = LocalFirestoreBackend(rules: { request in
///     switch request.operation {
///     case .get, .list: return true
///     case .create: return request.uid != nil && request.requestData?["owner"] == .string(request.uid!)
///     case .update, .delete: return request.uid != nil && request.resourceData?["owner"] == .string(request.uid!)
///     }
/// })
/// ```
///
/// Document references inside ``resourceData`` and ``requestData`` appear as strings holding their full
/// resource name (`projects/p/databases/(default)/documents/users/ada`), as in the rules language.
public struct RulesRequest: Sendable {
    /// The kinds of operations rules see.
    public enum Operation: String, Sendable, Hashable {
        /// Reading one document.
        case get
        /// Reading (or listening to) a collection or collection group.
        case list
        /// Writing a document that does not exist.
        case create
        /// Writing a document that exists.
        case update
        /// Deleting a document.
        case delete
    }

    /// The operation.
    public let operation: Operation
    /// The document path (`get`, `create`, `update`, `delete`), the collection path, or `**/{id}` for a
    /// collection group (`list`).
    public let path: String
    /// The database.
    public let database: DatabaseID
    /// The caller's uid (`request.auth.uid`), nil when unauthenticated.
    public let uid: String?
    /// The caller's App Check token, nil without App Check.
    public let appCheckToken: String?
    /// The document's current data (`resource.data`): for `get`, `update` and `delete` of an existing
    /// document; nil otherwise.
    public let resourceData: [String: FirestoreValue]?
    /// The document's data after the write (`request.resource.data`): for `create` and `update`.
    public let requestData: [String: FirestoreValue]?

    /// A request (for testing rules directly).
    public init(
        operation: Operation, path: String, database: DatabaseID, uid: String?, appCheckToken: String? = nil,
        resourceData: [String: FirestoreValue]? = nil, requestData: [String: FirestoreValue]? = nil
    ) {
        self.operation = operation
        self.path = path
        self.database = database
        self.uid = uid
        self.appCheckToken = appCheckToken
        self.resourceData = resourceData
        self.requestData = requestData
    }
}
