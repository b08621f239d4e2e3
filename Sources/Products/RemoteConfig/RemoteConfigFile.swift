// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The file holding one app's ``RemoteConfigStoredState`` (``RemoteConfigEnvironment/persistenceFile(forAppNamed:)``).
struct RemoteConfigFile: Sendable {
    private struct Contents: Codable {
        var version = 1
        var appName: String
        var state: RemoteConfigStoredState
    }

    /// The largest file read (16 MiB).
    static let maximumSize = 16 << 20

    /// The file's location.
    let url: URL
    /// The app it belongs to.
    let appName: String

    /// The saved state, or nil without a file (or one of another app).
    ///
    /// - Throws: ``RemoteConfigErrorCode/internalError`` naming the file when it cannot be read or is corrupt.
    func load() throws(RemoteConfigError) -> RemoteConfigStoredState? {
        let data: Data
        do {
            guard let saved = try SavedFile.contents(of: url, maximumSize: Self.maximumSize) else { return nil }
            data = saved
        } catch {
            throw RemoteConfigError(
                .internalError, message: "The saved config \(url.lastPathComponent) cannot be read: \(error)")
        }
        guard BoundedJSON.nestingIsBounded(data, maximumDepth: 8),
            let contents = try? JSONDecoder().decode(Contents.self, from: data)
        else {
            throw RemoteConfigError(
                .internalError,
                message: "The saved config \(url.lastPathComponent) is corrupt; it will be replaced by the next fetch.")
        }
        return contents.appName == appName ? contents.state : nil
    }

    /// Saves `state` atomically, refusing what ``load()`` could not read back.
    ///
    /// - Throws: ``RemoteConfigErrorCode/internalError`` naming the file when it cannot be written, or when it
    ///   would be larger than ``maximumSize`` (16 MiB): then nothing is written, and the change it records
    ///   must not be made.
    func save(_ state: RemoteConfigStoredState) throws(RemoteConfigError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(Contents(appName: appName, state: state))
        } catch {
            throw RemoteConfigError(
                .internalError, message: "The config could not be encoded for \(url.lastPathComponent): \(error)")
        }
        guard data.count <= Self.maximumSize else {
            throw RemoteConfigError(
                .internalError,
                message:
                    "The config could not be saved to \(url.lastPathComponent): it would be \(data.count) bytes, more than the \(Self.maximumSize) a restarted app reads back."
            )
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw RemoteConfigError(
                .internalError,
                message: "The config could not be saved to \(url.lastPathComponent): \(error.localizedDescription)")
        }
    }
}
