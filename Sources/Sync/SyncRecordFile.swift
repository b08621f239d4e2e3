import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An append-only file of framed, checksummed records: the format of FlintFirestore's `FramedLogFile` (which
/// is internal to that product; see FlintSync's Sync guide), with ``SyncError``s.
///
/// Format: an 8-byte magic, then records; a record is a 16-byte header (payload length as little-endian
/// UInt32, the FNV-1a-64 of those 4 bytes truncated to 32 bits, the payload's FNV-1a-64 as little-endian UInt64)
/// and the payload. The first record is a snapshot written whole to a temporary file, synchronized and renamed
/// over the file (never torn); later records are appends, each synchronized before ``append(_:)`` returns.
///
/// Reading drops only a torn final append (header or payload cut short); any other damage is
/// ``SyncError/corruptFile(path:reason:movedTo:)``.
final class SyncRecordFile {
    static let headerSize = 16

    let url: URL
    private let handle: FileHandle
    private let io: SyncFileIO
    private var validLength: UInt64
    private var needsRepair = false

    private init(url: URL, handle: FileHandle, io: SyncFileIO, validLength: UInt64) {
        self.url = url
        self.handle = handle
        self.io = io
        self.validLength = validLength
    }

    deinit {
        try? handle.close()
    }

    /// Writes `magic` and the snapshot record to a temporary file, synchronizes it, renames it over `url`, and
    /// opens it for appending. On failure the old file is untouched.
    static func create(url: URL, magic: Data, snapshot: Data, io: SyncFileIO) throws(SyncError) -> SyncRecordFile {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(url.lastPathComponent + ".tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var contents = magic
            contents.append(frame(snapshot))
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw SyncError.persistenceFailed(path: temporary.path, reason: "cannot create the file")
            }
            let temporaryHandle = try FileHandle(forWritingTo: temporary)
            do {
                try io.write(temporaryHandle, contents)
                try io.synchronize(temporaryHandle)
                try temporaryHandle.close()
            } catch {
                try? temporaryHandle.close()
                throw error
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw SyncError.persistenceFailed(path: url.path, reason: "cannot replace the file (errno \(errno))")
            }
            let handle = try FileHandle(forWritingTo: url)
            let end = try handle.seekToEnd()
            return SyncRecordFile(url: url, handle: handle, io: io, validLength: end)
        } catch let error as SyncError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw SyncError.persistenceFailed(path: url.path, reason: "\(error)")
        }
    }

    /// Appends one record and synchronizes it; on failure the file is cut back to its last whole record (or
    /// marked for that repair, retried by the next append).
    func append(_ payload: Data) throws(SyncError) {
        let record = Self.frame(payload)
        if needsRepair {
            do {
                try io.truncate(handle, validLength)
                needsRepair = false
            } catch {
                throw SyncError.persistenceFailed(path: url.path, reason: "cannot repair after a failed write: \(error)")
            }
        }
        do {
            try io.write(handle, record)
            try io.synchronize(handle)
            validLength += UInt64(record.count)
        } catch {
            needsRepair = true
            if (try? io.truncate(handle, validLength)) != nil { needsRepair = false }
            throw SyncError.persistenceFailed(path: url.path, reason: "\(error)")
        }
    }

    /// The payloads of the file at `url`, or nil when there is no file.
    static func read(url: URL, magic: Data) throws(SyncError) -> [Data]? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SyncError.corruptFile(path: url.path, reason: "unreadable: \(error)", movedTo: nil)
        }
        return try records(of: data, magic: magic, url: url)
    }

    /// The payloads of a file's bytes, without a torn final append.
    static func records(of data: Data, magic: Data, url: URL) throws(SyncError) -> [Data] {
        let bytes = [UInt8](data)
        func corrupt(_ reason: String) -> SyncError {
            SyncError.corruptFile(path: url.path, reason: reason, movedTo: nil)
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
                if isSnapshot { throw corrupt("the snapshot record is truncated") }
                break
            }
            let length = readUInt32(bytes, offset)
            guard readUInt32(bytes, offset + 4) == UInt32(truncatingIfNeeded: fnv1a64(bytes[offset..<offset + 4])) else {
                throw corrupt("bad record header at byte \(offset)")
            }
            if UInt64(length) > UInt64(remaining - headerSize) {
                if isSnapshot { throw corrupt("the snapshot record is truncated") }
                break
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

    /// Moves a damaged file aside (`<name>.corrupt`, replacing an older one) and returns the error saying so.
    static func setAside(_ error: SyncError, url: URL) -> SyncError {
        guard case .corruptFile(let path, let reason, _) = error else { return error }
        let aside = url.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: aside)
        let moved = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
        return .corruptFile(path: path, reason: reason, movedTo: moved ? aside.path : nil)
    }

    static func frame(_ payload: Data) -> Data {
        var data = Data(capacity: headerSize + payload.count)
        let lengthBytes = withUnsafeBytes(of: UInt32(payload.count).littleEndian) { Data($0) }
        data.append(lengthBytes)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: fnv1a64(lengthBytes)).littleEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: fnv1a64(payload).littleEndian) { data.append(contentsOf: $0) }
        data.append(payload)
        return data
    }

    /// FNV-1a, 64 bits.
    static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
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
