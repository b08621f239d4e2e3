// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The new state of one document changed by a commit.
public struct BackendChange: Sendable {
    /// The path.
    let path: ResourcePath
    /// The document after the commit, nil when deleted.
    let document: Document?

    init(path: ResourcePath, document: Document?) {
        self.path = path
        self.document = document
    }

    /// The changed document's path, e.g. `users/ada`.
    public var documentPath: String { path.description }

    /// Whether the document exists after the commit.
    public var exists: Bool { document != nil }
}
