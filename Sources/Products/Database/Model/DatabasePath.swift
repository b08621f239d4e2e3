// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A location in a database: its keys from the root, as the SDK's `FPath`. Empty segments are ignored, so
/// `"/a//b/"` is `a/b`, and the root is the empty path.
///
/// Validation follows the SDK's `FValidation`: a path string may not contain `.` `#` `$` `[` `]` (nor ASCII
/// control characters, which the server refuses), a key may not contain those or `/`, and a key is at most
/// 768 UTF-8 bytes; a path is at most 32 keys deep.
struct DatabasePath: Hashable, Sendable, CustomStringConvertible {
    /// The keys, from the root.
    private(set) var keys: [String]

    /// The root.
    static let root = DatabasePath(keys: [])

    /// The longest key, in UTF-8 bytes (the server's limit).
    static let maximumKeyBytes = 768
    /// The deepest path, in keys (the server's limit).
    static let maximumDepth = 32

    init(keys: [String]) {
        self.keys = keys
    }

    /// The path `string` names, validated.
    ///
    /// - Throws: ``DatabasePathError`` naming what is wrong.
    init(validating string: String) throws(DatabasePathError) {
        if string.isEmpty { throw .empty }
        if let bad = string.unicodeScalars.first(where: Self.isForbiddenInPath) {
            throw .forbiddenCharacter(Character(bad), in: string)
        }
        let keys = string.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        try Self.checkLimits(keys)
        self.keys = keys
    }

    /// The key `key`, validated for use as one child name.
    ///
    /// - Throws: ``DatabasePathError`` naming what is wrong.
    static func validate(key: String) throws(DatabasePathError) {
        if key.isEmpty { throw .empty }
        if let bad = key.unicodeScalars.first(where: { isForbiddenInPath($0) || $0 == "/" }) {
            throw .forbiddenCharacter(Character(bad), in: key)
        }
        if key.utf8.count > maximumKeyBytes { throw .keyTooLong(key) }
    }

    /// The last key of a path naming a location's priority (the SDK's `.priority`): a write there sets the
    /// priority of the location above, reading there gives it.
    static let priorityKey = ".priority"

    /// The path `string` names, validated like ``init(validating:)`` except that its last key may be
    /// ``priorityKey`` (a write's path, which may name a location's priority).
    ///
    /// - Throws: ``DatabasePathError`` naming what is wrong.
    init(validatingWritePath string: String) throws(DatabasePathError) {
        let keys = string.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard keys.last == Self.priorityKey else {
            self = try DatabasePath(validating: string)
            return
        }
        let location = keys.count == 1 ? .root : try DatabasePath(validating: keys.dropLast().joined(separator: "/"))
        self = location.appending(Self.priorityKey)
        try Self.checkLimits(location.keys)
    }

    /// Whether this path names a location's priority (its last key is ``priorityKey``).
    var isPriority: Bool { keys.last == Self.priorityKey }

    /// The location a write at this path changes: the path itself, or the location whose priority it names.
    var location: DatabasePath { isPriority ? DatabasePath(keys: Array(keys.dropLast())) : self }

    /// This path followed by the path `relative` names (validated like a path string).
    func child(_ relative: String) throws(DatabasePathError) -> DatabasePath {
        let tail = try DatabasePath(validating: relative)
        let keys = keys + tail.keys
        try Self.checkLimits(keys)
        return DatabasePath(keys: keys)
    }

    /// This path followed by the path `relative` names, validated like ``init(validatingWritePath:)`` (an
    /// update's key, which may end with `.priority`).
    func child(writePath relative: String) throws(DatabasePathError) -> DatabasePath {
        let tail = try DatabasePath(validatingWritePath: relative)
        let keys = keys + tail.keys
        try Self.checkLimits(tail.isPriority ? Array(keys.dropLast()) : keys)
        return DatabasePath(keys: keys)
    }

    /// This path followed by `key`, unchecked (for keys that come from stored data).
    func appending(_ key: String) -> DatabasePath {
        DatabasePath(keys: keys + [key])
    }

    /// The parent, nil for the root.
    var parent: DatabasePath? {
        keys.isEmpty ? nil : DatabasePath(keys: Array(keys.dropLast()))
    }

    /// The last key, nil for the root.
    var key: String? { keys.last }

    /// Whether this is the root.
    var isRoot: Bool { keys.isEmpty }

    /// Whether `other` is this path or below it.
    func contains(_ other: DatabasePath) -> Bool {
        other.keys.count >= keys.count && other.keys.starts(with: keys)
    }

    /// The keys of `other` below this path (`other` must be contained).
    func relative(_ other: DatabasePath) -> ArraySlice<String> {
        other.keys.dropFirst(keys.count)
    }

    /// `/a/b`, or `/` for the root.
    var description: String { "/" + keys.joined(separator: "/") }

    private static func isForbiddenInPath(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "#", "$", "[", "]": true
        default: scalar.value < 0x20 || scalar.value == 0x7F
        }
    }

    private static func checkLimits(_ keys: [String]) throws(DatabasePathError) {
        if keys.count > maximumDepth { throw .tooDeep(keys.count) }
        if let long = keys.first(where: { $0.utf8.count > maximumKeyBytes }) { throw .keyTooLong(long) }
    }
}

/// Why a path or key is not valid; database errors carry it as `invalidArgument`.
enum DatabasePathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An empty path string or key.
    case empty
    /// A character that paths or keys may not contain, and the string containing it.
    case forbiddenCharacter(Character, in: String)
    /// A key longer than ``DatabasePath/maximumKeyBytes`` UTF-8 bytes.
    case keyTooLong(String)
    /// A path deeper than ``DatabasePath/maximumDepth`` keys.
    case tooDeep(Int)

    var description: String {
        switch self {
        case .empty:
            "Must be a non-empty string and not contain '.' '#' '$' '[' or ']'"
        case .forbiddenCharacter(let character, let string):
            "Invalid path or key \"\(string)\": it contains \(character.debugDescription). Paths must not contain "
                + "'.' '#' '$' '[' or ']' (keys not '/' either)"
        case .keyTooLong(let key):
            "Key \"\(key.prefix(40))…\" is longer than \(DatabasePath.maximumKeyBytes) bytes"
        case .tooDeep(let depth):
            "Path is \(depth) keys deep; the limit is \(DatabasePath.maximumDepth)"
        }
    }
}
