// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The checks on the untrusted bucket and object names of Storage requests: a name is a `/`-separated path of
/// non-empty segments, none of them `.` or `..`, with no control character (NUL, CR, LF, …), at most 1024 UTF-8
/// bytes (Cloud Storage's limit); a bucket is one segment of at most 222 bytes. Anything else is a 400, so no
/// name can be absolute, climb out of its folder, or address a file of the backend's directory.
enum StorageObjectName {
    /// The longest object name, in UTF-8 bytes.
    static let maximumLength = 1024
    /// The longest bucket name, in UTF-8 bytes.
    static let maximumBucketLength = 222

    /// `name` when it is a valid object name.
    static func checked(_ name: String) throws(EmulatorHTTPError) -> String {
        guard !name.isEmpty else { throw invalid("the object name is empty") }
        guard name.utf8.count <= maximumLength else {
            throw invalid("the object name is over \(maximumLength) bytes")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw invalid("the object name contains a control character")
        }
        for segment in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard !segment.isEmpty else {
                throw invalid("the object name \(quoted(name)) is absolute or has an empty segment")
            }
            guard segment != "." && segment != ".." else {
                throw invalid("the object name \(quoted(name)) has a . or .. segment")
            }
        }
        return name
    }

    /// `bucket` when it is a valid bucket name.
    static func checkedBucket(_ bucket: String) throws(EmulatorHTTPError) -> String {
        guard !bucket.isEmpty, bucket.utf8.count <= maximumBucketLength, bucket != ".", bucket != "..",
            !bucket.contains("/"),
            !bucket.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw invalid("the bucket name \(quoted(bucket)) is not valid") }
        return bucket
    }

    /// A folder prefix of a list (`""`, or a name followed by `/`) as the backend's folder path (`a/b/` → `a/b`).
    static func folder(ofPrefix prefix: String) throws(EmulatorHTTPError) -> String {
        if prefix.isEmpty { return "" }
        guard prefix.hasSuffix("/") else {
            throw invalid("only folder prefixes (ending in /) are served: \(quoted(prefix))")
        }
        return try checked(String(prefix.dropLast()))
    }

    private static func quoted(_ text: String) -> String {
        "\"\(text.prefix(200).unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined())\""
    }

    private static func invalid(_ message: String) -> EmulatorHTTPError {
        EmulatorHTTPError(.badRequest, "Invalid argument: \(message).")
    }
}
