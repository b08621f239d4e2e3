// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The file holding one app's signed-in user (``AuthSettings/persistenceDirectory``).
///
/// Reads and writes are our own file I/O (no user code), done while Auth holds its state lock so that the
/// file always matches the state in memory.
struct AuthPersistenceFile: Sendable {
    /// The file's contents.
    private struct Contents: Codable {
        var version = 1
        /// The app whose user this is (absent in files of earlier versions): a file found under a hashed
        /// name (``AuthSettings/persistenceFile(forAppNamed:)``) is only used by the app it names.
        var appName: String?
        var session: AuthSession
    }

    /// The largest file read (a saved session is a few kilobytes); a larger one is ignored, as a corrupt one is.
    static let maximumSize = 1 << 20
    /// The file's location.
    let url: URL
    /// The app the file belongs to.
    let appName: String

    /// The session saved in the file, or nil when there is none or it cannot be read (then the app starts
    /// signed out, as Firebase does with an unreadable keychain entry).
    func load() -> AuthSession? {
        guard let data = try? SavedFile.contents(of: url, maximumSize: Self.maximumSize),
            let contents = try? JSONDecoder().decode(Contents.self, from: data),
            contents.appName == nil || contents.appName == appName
        else { return nil }
        return contents.session
    }

    /// Saves `session` (atomically), or removes the file for nil.
    ///
    /// - Throws: ``AuthErrorCode/keychainError`` when the file cannot be written or removed.
    func save(_ session: AuthSession?) throws(AuthErrorCode) {
        do {
            if let session {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                try encoder.encode(Contents(appName: appName, session: session)).write(to: url, options: .atomic)
            } else if FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
        } catch {
            throw .keychainError
        }
    }
}
