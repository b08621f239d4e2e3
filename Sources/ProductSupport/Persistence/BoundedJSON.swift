// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Parsing of JSON that comes from outside (server answers, files on disk) with limits checked first, so a
/// huge or deeply nested document is refused instead of reaching the parser.
public enum BoundedJSON {
    /// The default largest document accepted: 4 MiB.
    public static let defaultMaximumSize = 4 << 20
    /// The default deepest nesting of objects and arrays accepted.
    public static let defaultMaximumDepth = 32

    /// Why a document was refused.
    public enum Failure: Error, Sendable, Hashable {
        /// The document is larger than the limit (its size in bytes).
        case tooLarge(Int)
        /// Objects and arrays nest deeper than the limit.
        case tooDeep
        /// The document is not JSON, or its top level is not an object.
        case notAnObject
    }

    /// The top-level object of `data`.
    ///
    /// - Throws: ``Failure``.
    public static func object(
        from data: Data, maximumSize: Int = defaultMaximumSize,
        maximumDepth: Int = defaultMaximumDepth
    ) throws(Failure) -> [String: Any] {
        guard data.count <= maximumSize else { throw .tooLarge(data.count) }
        guard nestingIsBounded(data, maximumDepth: maximumDepth) else { throw .tooDeep }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw .notAnObject }
        return object
    }

    /// Whether objects and arrays in `data` nest at most `maximumDepth` deep (brackets inside strings do
    /// not count).
    public static func nestingIsBounded(_ data: Data, maximumDepth: Int) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > maximumDepth { return false }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
        }
        return true
    }
}
