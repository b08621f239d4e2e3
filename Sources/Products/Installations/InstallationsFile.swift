// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The file holding one app's installation (``InstallationsSettings/persistenceFile(forAppNamed:)``).
///
/// Reads and writes are Installations' own file I/O (no user code), done under its state lock so that the
/// file always matches memory.
struct InstallationsFile: Sendable {
    private struct Contents: Codable {
        var version = 1
        var appName: String
        var installation: StoredInstallation
    }

    /// The file's location.
    let url: URL
    /// The app it belongs to.
    let appName: String

    /// The saved installation, or nil when there is no file (or it belongs to another app, after a hash
    /// collision of names).
    ///
    /// - Throws: ``InstallationsErrorCode/keychain`` when the file exists but cannot be read or is corrupt
    ///   (truncated, not JSON, an invalid ID): never a crash, never a silent new ID.
    func load() throws(InstallationsError) -> StoredInstallation? {
        let data: Data
        do {
            guard let saved = try SavedFile.contents(of: url, maximumSize: 64 * 1024) else { return nil }
            data = saved
        } catch {
            throw InstallationsError(
                .keychain, message: "The installation file \(url.lastPathComponent) cannot be read: \(error)")
        }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: data),
            InstallationID.isValid(contents.installation.fid)
        else {
            throw InstallationsError(
                .keychain,
                message:
                    "The installation file \(url.lastPathComponent) is corrupt; call delete() to start a new installation."
            )
        }
        return contents.appName == appName ? contents.installation : nil
    }

    /// Saves `installation` atomically, or removes the file for nil.
    ///
    /// - Throws: ``InstallationsErrorCode/keychain`` when the file cannot be written or removed.
    func save(_ installation: StoredInstallation?) throws(InstallationsError) {
        do {
            if let installation {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                try encoder.encode(Contents(appName: appName, installation: installation)).write(
                    to: url, options: .atomic)
            } else if FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
        } catch {
            throw InstallationsError(
                .keychain,
                message:
                    "The installation file \(url.lastPathComponent) cannot be written: \(error.localizedDescription)")
        }
    }
}
