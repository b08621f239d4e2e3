// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation
import Testing

/// Reading a saved file that may not exist (`SavedFile`), with its size limit.
@Suite("Saved files")
struct SavedFileTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func noFileIsNil() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SavedFile.contents(of: folder.appendingPathComponent("absent"), maximumSize: 10) == nil)
    }

    @Test func aFileUpToTheLimitIsReadWhole() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("saved")
        try Data("0123456789".utf8).write(to: url)
        #expect(try SavedFile.contents(of: url, maximumSize: 10) == Data("0123456789".utf8))
        #expect(try SavedFile.contents(of: url) == Data("0123456789".utf8))
        try Data().write(to: url)
        #expect(try SavedFile.contents(of: url, maximumSize: 10) == Data())
    }

    @Test func aFileOverTheLimitIsTooLarge() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("saved")
        try Data(repeating: 7, count: 11).write(to: url)
        #expect(throws: SavedFile.Failure.tooLarge(limit: 10)) { try SavedFile.contents(of: url, maximumSize: 10) }
    }

    @Test func aDirectoryAtThePathIsUnreadable() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: SavedFile.Failure.self) { try SavedFile.contents(of: folder, maximumSize: 10) }
        guard case .unreadable = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
    }
}
