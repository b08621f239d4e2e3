// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A document as a ``FirestoreBackend`` stores it. Opaque: backends pass it along; the client reads it.
public struct BackendDocument: Sendable {
    /// The stored state.
    let document: Document

    init(_ document: Document) {
        self.document = document
    }

    /// The document's path, e.g. `users/ada`.
    public var path: String { document.path.description }

    /// The commit sequence number of the last write to the document.
    public var version: Int64 { document.version }

    /// When the backend last wrote the document.
    public var updateTime: Timestamp? { document.updateTime }
}
