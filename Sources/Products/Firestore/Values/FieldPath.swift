// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A path to a field inside a document: a list of field names (Firebase's `FieldPath`).
///
/// Strings used where a field is expected (`whereField("address.city", …)`, `updateData(["address.city": …])`,
/// `get("address.city")`) are dot-separated paths; use `FieldPath(["a.b"])` for a field whose name contains a
/// dot. ``documentID()`` is the special path of a document's ID.
///
/// A malformed path (an empty name, `a..b`, `~*/[]` in a dotted string) does not trap: the path records the
/// problem and the operation using it throws ``RPCStatusCode/invalidArgument``.
public struct FieldPath: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The field names, outermost first.
    let segments: [String]
    /// Why the path is malformed, or nil.
    let invalidReason: String?

    /// A path made of `fieldNames`, taken literally (dots are part of the names).
    public init(_ fieldNames: [String]) {
        segments = fieldNames
        if fieldNames.isEmpty {
            invalidReason = "Invalid field path. Provide at least one field name."
        } else if fieldNames.contains(where: \.isEmpty) {
            invalidReason =
                "Invalid field name at argument \(fieldNames.firstIndex(where: \.isEmpty)! + 1). "
                + "Field names must not be empty."
        } else {
            invalidReason = nil
        }
    }

    /// A dot-separated path, e.g. `"address.city"`.
    public init(stringLiteral value: String) {
        self.init(dotSeparated: value)
    }

    /// Parses a dot-separated path, e.g. `"address.city"`.
    public init(dotSeparated path: String) {
        if path.isEmpty || path.hasPrefix(".") || path.hasSuffix(".") || path.contains("..") {
            segments = path.split(separator: ".").map(String.init)
            invalidReason =
                "Invalid field path (\(path)). Paths must not be empty, begin with '.', end with '.', "
                + "or contain '..'"
        } else if path.contains(where: { "~*/[]".contains($0) }) {
            segments = path.split(separator: ".").map(String.init)
            invalidReason = "Invalid field path (\(path)). Paths must not contain '~', '*', '/', '[', or ']'"
        } else {
            segments = path.split(separator: ".").map(String.init)
            invalidReason = nil
        }
    }

    /// The path of a document's ID (`__name__`): order by it, filter on it, or use it in cursors.
    public static func documentID() -> FieldPath {
        FieldPath(["__name__"])
    }

    /// Whether this is ``documentID()``.
    var isDocumentID: Bool { segments.count == 1 && segments[0] == "__name__" }

    /// The path's problem as an error, or nil.
    var validationError: FirestoreError? {
        invalidReason.map { FirestoreError(.invalidArgument, $0) }
    }

    /// The path without its last name.
    var parent: FieldPath { FieldPath(Array(segments.dropLast())) }

    /// Whether `self` is `other` or one of its ancestors.
    func isPrefix(of other: FieldPath) -> Bool {
        segments.count <= other.segments.count && Array(other.segments.prefix(segments.count)) == segments
    }

    /// Name by name, each by UTF-8 bytes.
    static func compare(_ lhs: FieldPath, _ rhs: FieldPath) -> Int {
        ResourcePath.compare(ResourcePath(lhs.segments), ResourcePath(rhs.segments))
    }

    /// Dot-separated; names that are not simple identifiers are quoted with backticks.
    public var description: String {
        segments.map { name in
            let simple =
                name.first.map { $0 == "_" || $0.isLetter } == true
                && name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
            return simple ? name : "`" + name.replacingOccurrences(of: "`", with: "\\`") + "`"
        }.joined(separator: ".")
    }
}
