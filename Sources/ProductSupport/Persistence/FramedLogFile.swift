// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An append-only file of framed, checksummed records: the one file format of every product that persists
/// (Firestore's backend log and client cache, the Realtime Database's embedded backend and client cache, the sync
/// engines' collections, …).
///
/// Format: an 8-byte magic (per file kind), then records. A record is a 16-byte header — payload length
/// (UInt32, little endian), FNV-1a-32 of those 4 length bytes, FNV-1a-64 of the payload (UInt64, little
/// endian) — followed by the payload. The first record is a snapshot written by ``create(url:magic:snapshot:io:)``
/// (to a temporary file moved over the old one, so never torn); each later record is an append.
///
/// Reading (``readRecords(at:magic:)``, or ``records(of:magic:url:)`` for bytes already read): only a final
/// *appended* record cut short (its header incomplete, or its length running past the end of the file, with a
/// valid length check) is a torn, unacknowledged append and is dropped. Anything else — a checksum mismatch
/// anywhere, a bad length check, a truncated snapshot, a wrong magic — is a ``FramedLogError`` of kind
/// ``FramedLogError/Kind/damaged``; a file that exists but cannot be read is ``FramedLogError/Kind/unreadable``.
///
/// An append returns only once its record is written and synchronized to disk (`fsync`), so what it records
/// may be acknowledged. A failed append (the write or the synchronization) throws and cuts the file back to
/// the end of the last whole record; if that cut fails too, every later append first retries it (and fails
/// while it cannot), so no record is ever written after a partial one.
///
/// Not thread-safe: its owner serializes appends (under its own lock).
public final class FramedLogFile {
    /// The size of a record's header.
    public static let headerSize = 16

    /// The file.
    public let url: URL
    private let handle: FileHandle
    private let io: PersistenceIO
    /// The end of the last whole record.
    private var validLength: UInt64
    /// Whether bytes of a failed append may follow `validLength`.
    private var needsRepair = false

    private init(url: URL, handle: FileHandle, io: PersistenceIO, validLength: UInt64) {
        self.url = url
        self.handle = handle
        self.io = io
        self.validLength = validLength
    }

    deinit {
        try? handle.close()
    }

    // MARK: Writing

    /// Writes a file holding `magic` and the one record `snapshot` beside `url` (through `io`), flushes it, moves
    /// it over `url` (`PersistenceIO.replaceFile(at:with:)`), and keeps it open for appending.
    /// - Throws: ``FramedLogError/Kind/unwritable`` when any step fails (the old file is then untouched).
    public static func create(
        url: URL, magic: Data, snapshot: Data,
        io: PersistenceIO = .standard
    ) throws(FramedLogError) -> FramedLogFile {
        var contents = magic
        contents.append(frame(snapshot))
        // The snapshot goes through `io` like every write, so a full disk (or an injected fault) fails here too.
        let handle = try io.replaceFile(at: url, with: contents)
        return FramedLogFile(url: url, handle: handle, io: io, validLength: UInt64(contents.count))
    }

    /// Appends one record and makes it durable (``PersistenceIO/synchronize``); throws (and what it records must not be acknowledged) when it could not be
    /// written, leaving the file ending at its last whole record (or marked for that repair).
    public func append(_ payload: Data) throws(FramedLogError) {
        let record = Self.frame(payload)
        do {
            if needsRepair {
                try io.truncate(handle, validLength)
                needsRepair = false
            }
        } catch {
            throw FramedLogError(
                .unwritable, path: url.path,
                message: "Cannot repair the persistence file \(url.path) after a failed write: \(error)")
        }
        do {
            try io.write(handle, record)
            try io.synchronize(handle)
            validLength += UInt64(record.count)
        } catch {
            needsRepair = true
            if (try? io.truncate(handle, validLength)) != nil { needsRepair = false }
            throw FramedLogError(
                .unwritable, path: url.path, message: "Cannot write the persistence file \(url.path): \(error)")
        }
    }

    // MARK: Reading

    /// The payloads of the file at `url` (``records(of:magic:url:)``), or nil when there is no file.
    /// - Throws: ``FramedLogError/Kind/unreadable`` when the file exists but cannot be read (its
    ///   ``FramedLogError/reason`` is the underlying error), ``FramedLogError/Kind/damaged`` when it is damaged.
    public static func readRecords(at url: URL, magic: Data) throws(FramedLogError) -> [Data]? {
        let data: Data?
        do {
            data = try SavedFile.contents(of: url)
        } catch {
            throw FramedLogError(
                .unreadable, path: url.path, reason: error.description,
                message: "Cannot read the persistence file \(url.path): \(error)")
        }
        guard let data else { return nil }
        return try records(of: data, magic: magic, url: url)
    }

    /// The payloads of a file's records, without a torn final append.
    /// - Throws: ``FramedLogError/Kind/damaged`` on any other damage (its ``FramedLogError/reason`` says what).
    public static func records(of data: Data, magic: Data, url: URL) throws(FramedLogError) -> [Data] {
        let bytes = [UInt8](data)
        func corrupt(_ reason: String) -> FramedLogError {
            FramedLogError(
                .damaged, path: url.path, reason: reason,
                message: "The persistence file \(url.path) is corrupt: \(reason). It was left untouched.")
        }
        guard bytes.count >= magic.count, bytes[0..<magic.count].elementsEqual(magic) else {
            throw corrupt("bad magic")
        }
        var payloads: [Data] = []
        var offset = magic.count
        while offset < bytes.count {
            let isSnapshot = payloads.isEmpty
            let remaining = bytes.count - offset
            if remaining < headerSize {
                if isSnapshot { throw corrupt("the snapshot record is truncated at byte \(offset)") }
                break  // a torn final append: its header was cut short
            }
            let length = readUInt32(bytes, offset)
            let lengthCheck = readUInt32(bytes, offset + 4)
            guard lengthCheck == UInt32(truncatingIfNeeded: fnv1a64(bytes[offset..<offset + 4])) else {
                throw corrupt("bad record header at byte \(offset)")
            }
            if UInt64(length) > UInt64(remaining - headerSize) {
                if isSnapshot { throw corrupt("the snapshot record is truncated at byte \(offset)") }
                break  // a torn final append: its payload was cut short
            }
            let payload = bytes[offset + headerSize..<offset + headerSize + Int(length)]
            guard readUInt64(bytes, offset + 8) == fnv1a64(payload) else {
                throw corrupt("checksum mismatch in the record at byte \(offset)")
            }
            payloads.append(Data(payload))
            offset += headerSize + Int(length)
        }
        if payloads.isEmpty { throw corrupt("no snapshot record") }
        return payloads
    }

    // MARK: Encoding

    /// A record: the header, then the payload.
    public static func frame(_ payload: Data) -> Data {
        var data = Data(capacity: headerSize + payload.count)
        let length = UInt32(payload.count)
        let lengthBytes = withUnsafeBytes(of: length.littleEndian) { Data($0) }
        data.append(lengthBytes)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: fnv1a64(lengthBytes)).littleEndian) {
            data.append(contentsOf: $0)
        }
        withUnsafeBytes(of: fnv1a64(payload).littleEndian) { data.append(contentsOf: $0) }
        data.append(payload)
        return data
    }

    /// FNV-1a, 64 bits.
    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    private static func readUInt64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}
