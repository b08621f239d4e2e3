// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Why a ``FramedLogFile`` could not be read or written. Each product turns it into its own error (Firestore:
/// `dataLoss` with ``message``).
public struct FramedLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The file's contents are damaged (bad magic, checksum, header or truncated snapshot); the file was left
        /// untouched.
        case damaged
        /// The file could not be created, written, synchronized or repaired.
        case unwritable
        /// The file exists but could not be read (``FramedLogFile/readRecords(at:magic:)``); it was left untouched.
        case unreadable
    }

    /// What went wrong.
    public let kind: Kind
    /// The file's path.
    public let path: String
    /// For damage, what is wrong with the contents (`"bad magic"`, `"checksum mismatch in the record at byte 40"`);
    /// for a read or write failure, the underlying error's description.
    public let reason: String
    /// A sentence for people, naming the file.
    public let message: String

    /// An error of `kind` about the file at `path`.
    public init(_ kind: Kind, path: String, reason: String? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.reason = reason ?? message
        self.message = message
    }

    /// The ``message``.
    public var description: String { message }
}
