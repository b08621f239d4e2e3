// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation
import Testing

/// The shared record file: round trips, a torn final append dropped, damage, read and write failures reported by
/// kind, a file that may not exist.
@Suite struct FramedLogFileTests {
    private let magic = Data("TESTLOG1".utf8)

    private func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flint-framed-\(UUID().uuidString)/log")
    }

    @Test func recordsRoundTripAndATornFinalAppendIsDropped() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let file = try FramedLogFile.create(url: url, magic: magic, snapshot: Data("snapshot".utf8))
        try file.append(Data("one".utf8))
        try file.append(Data("two".utf8))
        var data = try Data(contentsOf: url)
        #expect(
            try FramedLogFile.records(of: data, magic: magic, url: url).map { String(decoding: $0, as: UTF8.self) }
                == ["snapshot", "one", "two"])
        data.removeLast(2)  // the last append cut short: never acknowledged
        #expect(try FramedLogFile.records(of: data, magic: magic, url: url).count == 2)
    }

    @Test func aSnapshotThatCannotBeWrittenLeavesTheOldFile() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        _ = try FramedLogFile.create(url: url, magic: magic, snapshot: Data("old".utf8))
        struct DiskFull: Error {}
        do {
            _ = try FramedLogFile.create(
                url: url, magic: magic, snapshot: Data("new".utf8),
                io: PersistenceIO(write: { _, _ in throw DiskFull() }))
            Issue.record("the failed snapshot was not reported")
        } catch {
            #expect(error.kind == .unwritable)
        }
        #expect(try FramedLogFile.records(of: Data(contentsOf: url), magic: magic, url: url) == [Data("old".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["log"])
    }

    @Test func damageIsReportedAsDamaged() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let file = try FramedLogFile.create(url: url, magic: magic, snapshot: Data("snapshot".utf8))
        try file.append(Data("one".utf8))
        var data = try Data(contentsOf: url)
        data[data.count - 1] ^= 0xff  // a flipped payload byte of a whole record
        do {
            _ = try FramedLogFile.records(of: data, magic: magic, url: url)
            Issue.record("damage was not reported")
        } catch {
            #expect(error.kind == .damaged)
            #expect(error.path == url.path)
            #expect(error.reason.contains("checksum"))
        }
        #expect(throws: FramedLogError.self) {
            try FramedLogFile.records(of: Data("WRONGMAG".utf8), magic: magic, url: url)
        }
    }

    @Test func aFailedWriteIsUnwritableAndLeavesTheFileAtItsLastWholeRecord() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        struct DiskFull: Error {}
        let writes = Locked(0)
        let io = PersistenceIO(write: { handle, data in
            guard
                writes.withLock({
                    $0 += 1
                    return $0
                }) > 1
            else { return try handle.write(contentsOf: data) }
            try handle.write(contentsOf: data.prefix(3))  // after the snapshot, a write that stops half way
            throw DiskFull()
        })
        let file = try FramedLogFile.create(url: url, magic: magic, snapshot: Data("snapshot".utf8), io: io)
        do {
            try file.append(Data("lost".utf8))
            Issue.record("the failed append was not reported")
        } catch {
            #expect(error.kind == .unwritable)
        }
        #expect(try FramedLogFile.records(of: Data(contentsOf: url), magic: magic, url: url).count == 1)
    }

    @Test func noFileIsNil() throws {
        let url = temporaryURL()
        #expect(try FramedLogFile.readRecords(at: url, magic: magic) == nil)
    }

    @Test func aFileIsReadWithoutItsTornFinalAppend() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let file = try FramedLogFile.create(url: url, magic: magic, snapshot: Data("snapshot".utf8))
        try file.append(Data("one".utf8))
        var data = try Data(contentsOf: url)
        data.append(FramedLogFile.frame(Data("torn".utf8)).dropLast())
        try data.write(to: url)
        #expect(try FramedLogFile.readRecords(at: url, magic: magic) == [Data("snapshot".utf8), Data("one".utf8)])
    }

    @Test func aPathThatCannotBeReadIsUnreadableNamingIt() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)  // a directory there
        do {
            _ = try FramedLogFile.readRecords(at: url, magic: magic)
            Issue.record("the unreadable file was not reported")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.path == url.path)
            #expect(error.message.contains(url.path))
        }
    }

    @Test func aDamagedFileIsDamaged() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        _ = try FramedLogFile.create(url: url, magic: magic, snapshot: Data("snapshot".utf8))
        var data = try Data(contentsOf: url)
        data[data.count - 1] ^= 0xff  // a flipped byte of the snapshot's payload
        try data.write(to: url)
        do {
            _ = try FramedLogFile.readRecords(at: url, magic: magic)
            Issue.record("damage was not reported")
        } catch {
            #expect(error.kind == .damaged)
            #expect(error.path == url.path)
        }
    }
}
