// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A project and one of its databases: what a ``FirestoreBackend`` keeps apart.
public struct DatabaseID: Sendable, Hashable, CustomStringConvertible {
    /// The default database's ID, `(default)`.
    public static let defaultDatabase = "(default)"

    /// The project (the app's `projectID`).
    public let projectID: String
    /// The database ID, `(default)` unless named.
    public let database: String

    /// A project's database.
    public init(projectID: String, database: String = DatabaseID.defaultDatabase) {
        self.projectID = projectID
        self.database = database
    }

    /// `project/database`: how stored references name their database.
    var key: String { "\(projectID)/\(database)" }

    /// `projects/{project}/databases/{database}`.
    public var description: String { "projects/\(projectID)/databases/\(database)" }

    /// The full resource name of a document, as backend errors print it.
    func fullName(of path: ResourcePath) -> String {
        "\(description)/documents/\(path)"
    }

    /// Database IDs are accepted as the SDK accepts them: any non-empty ID (its `DatabaseId` only asserts
    /// non-empty), so `(default)`, `myDb` or `eu-archive-2`. A `/` is refused: the ID is one segment of the
    /// resource name `projects/{project}/databases/{database}`, which the SDK's `DatabaseId::FromName` would
    /// split elsewhere. Whether a named database exists is the backend's business, not the client's.
    static func validate(_ database: String) -> FirestoreError? {
        if database.isEmpty {
            return FirestoreError(.invalidArgument, "Invalid database ID '': a database ID must not be empty.")
        }
        if database.contains("/") {
            return FirestoreError(
                .invalidArgument,
                "Invalid database ID '\(database)': a database ID must not "
                    + "contain '/'.")
        }
        return nil
    }
}
