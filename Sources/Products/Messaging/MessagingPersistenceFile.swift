// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The file holding the default app's token and auto-init setting between runs
/// (``MessagingSettings/persistenceDirectory``), Flint's counterpart of the keychain entry and user default
/// Firebase keeps.
///
/// Reads and writes are Flint's own file I/O (no user code), done while Messaging holds its state lock so that
/// the file always matches the state in memory. Writes are atomic (a temporary file renamed over the old one),
/// so a crash leaves the old contents or the new, never a torn file.
struct MessagingPersistenceFile: Sendable {
    /// The file's contents.
    struct Contents: Codable, Equatable {
        var version = 1
        /// The sender and app the token was issued for: a file written for other options is ignored.
        var senderID: String
        var appID: String
        var token: String?
        var installationID: String?
        var isAutoInitEnabled: Bool?
        /// When the token was fetched; a save without it (an older Flint's) holds a token that is not restored.
        var fetchedAt: Date?
    }

    /// The file's name inside the directory (Messaging exists in the default app only: one file).
    static let fileName = "messaging.json"

    /// The largest file read; anything bigger is corrupt (the real contents are a few hundred bytes).
    static let maximumSize = 64 * 1024

    /// The file's location.
    let url: URL

    /// The file in `directory`.
    init(directory: URL) {
        url = directory.appendingPathComponent(Self.fileName, isDirectory: false)
    }

    /// The saved contents: nil when there is no file.
    ///
    /// - Throws: ``MessagingError`` `unknown` naming the file when it cannot be read or is not a valid save
    ///   (truncated, corrupted, too big, another format version).
    func load() throws(MessagingError) -> Contents? {
        let contents: Contents
        do {
            guard let data = try SavedFile.contents(of: url, maximumSize: Self.maximumSize) else { return nil }
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw MessagingError(
                .unknown,
                message:
                    "The saved Messaging state at \(url.path) is unreadable or corrupt (\(Self.reason(error))); starting without a token."
            )
        }
        guard contents.version == 1 else {
            throw MessagingError(
                .unknown,
                message:
                    "The saved Messaging state at \(url.path) has format version \(contents.version), which this version cannot read; starting without a token."
            )
        }
        return contents
    }

    /// Saves `contents` atomically, creating the directory when needed.
    ///
    /// - Throws: ``MessagingError`` `unknown` naming the file when it cannot be written.
    func save(_ contents: Contents) throws(MessagingError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(contents).write(to: url, options: .atomic)
        } catch {
            throw MessagingError(
                .unknown, message: "Could not save the Messaging state to \(url.path): \(Self.reason(error)).")
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? MessagingError)?.message ?? (error as? SavedFile.Failure)?.description
            ?? (error as NSError).localizedDescription
    }
}
