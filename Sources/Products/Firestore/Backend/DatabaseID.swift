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

    /// Database IDs are `(default)` or 1-63 characters of lowercase letters, digits and hyphens, starting
    /// with a letter.
    static func validate(_ database: String) -> FirestoreError? {
        if database == defaultDatabase { return nil }
        let valid = (1...63).contains(database.count)
            && database.first.map { $0.isASCII && $0.isLowercase } == true
            && database.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
        return valid ? nil : FirestoreError(.invalidArgument, "Invalid database ID '\(database)': use (default) or "
                                            + "lowercase letters, digits and hyphens, starting with a letter.")
    }
}
