// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import FlintTesting
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

    @Test func aDirectoryAtThePathIsNotARegularFile() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: SavedFile.Failure.notRegularFile) { try SavedFile.contents(of: folder, maximumSize: 10) }
    }

    /// Runs in a child process (an exit test) whose watchdog ends it with status 3 if the read blocks.
    @Test func aFIFOAtThePathIsRefusedWithoutWaitingForAWriter() async {
        await #expect(processExitsWith: .success) {
            startExitWatchdog()
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-saved-\(UUID().uuidString)")
                .appendingPathComponent("saved")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            try makeFIFO(at: url)
            #expect(throws: SavedFile.Failure.notRegularFile) { try SavedFile.contents(of: url) }
            let error = #expect(throws: FramedLogError.self) {
                try FramedLogFile.readRecords(at: url, magic: Data("FLINTTST".utf8))
            }
            #expect(error?.kind == .unreadable)
            #expect(error?.message.contains(url.path) == true)
        }
    }
}
