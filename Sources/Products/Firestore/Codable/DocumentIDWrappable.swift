// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A type a ``DocumentID`` property can hold: `String` (the document's ID) or ``DocumentReference``.
public protocol DocumentIDWrappable: Sendable {
    /// The value for the document at `reference`.
    static func wrap(_ reference: DocumentReference) throws -> Self
}

extension String: DocumentIDWrappable {
    /// The document's ID.
    public static func wrap(_ reference: DocumentReference) -> String {
        reference.documentID
    }
}

extension DocumentReference: DocumentIDWrappable {
    /// The reference itself.
    public static func wrap(_ reference: DocumentReference) -> Self {
        reference as! Self
    }
}
