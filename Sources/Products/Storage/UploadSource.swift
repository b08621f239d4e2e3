// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// What an upload task sends: data in memory, or a file read chunk by chunk (never whole).
enum UploadSource: Sendable {
    case data(Data)
    case file(URL)

    /// The number of bytes to send.
    /// - Throws: ``StorageError`` `unknown` when the file cannot be read.
    func size() throws(StorageError) -> Int64 {
        switch self {
        case .data(let data):
            return Int64(data.count)
        case .file(let url):
            guard url.isFileURL,
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let size = attributes[.size] as? NSNumber
            else {
                throw StorageError(
                    .unknown,
                    message:
                        "File at URL: \(url.absoluteString) is not reachable. Ensure file URL is not a directory, symbolic link, or invalid url."
                )
            }
            return size.int64Value
        }
    }

    /// Reads the source in chunks, for the upload to `object` of `bucket` (which its errors name). The file is
    /// opened without blocking and without following a symbolic link (FlintCore's `RegularFile`): anything but a
    /// regular file (a FIFO, a device, a socket, a link put there since ``size()`` checked) is refused at once.
    /// - Throws: ``StorageError`` `unknown` naming the file when it cannot be opened.
    func makeReader(bucket: String, object: String) throws(StorageError) -> Reader {
        switch self {
        case .data(let data):
            return Reader(data: data, handle: nil)
        case .file(let url):
            do throws(RegularFile.Failure) {
                let handle = try RegularFile.handle(readingAtPath: url.path, followingSymbolicLinks: false)
                return Reader(data: nil, handle: handle)
            } catch {
                throw StorageError(
                    .unknown, message: "Could not open \(url.path): \(error).", bucket: bucket, object: object)
            }
        }
    }

    /// Hands out consecutive chunks: views of the data, or reads of the file (one chunk in memory at a time).
    final class Reader {
        private let data: Data?
        private let handle: FileHandle?
        private var offset = 0

        init(data: Data?, handle: FileHandle?) {
            self.data = data
            self.handle = handle
        }

        deinit { try? handle?.close() }

        /// The next at most `count` bytes; empty at the end.
        func next(_ count: Int) throws(StorageError) -> Data {
            if let data {
                let start = data.startIndex + offset
                let end = start + min(count, data.count - offset)
                offset = end - data.startIndex
                return data[start..<end]
            }
            do {
                return try handle?.read(upToCount: count) ?? Data()
            } catch {
                throw StorageError(.unknown, message: "Could not read the file: \(error)")
            }
        }
    }
}
