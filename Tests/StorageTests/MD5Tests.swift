// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("MD5 checksums")
struct MD5Tests {
    private func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("The quick brown fox jumps over the lazy dog", "9e107d9d372bb6826bd81d3542a419d6"),
        (String(repeating: "a", count: 1000), "cabe45dcc9ae5b66ba86600cca6b8ba8"),
    ])
    func knownDigests(text: String, digest: String) {
        var md5 = MD5()
        md5.update(Data(text.utf8))
        #expect(hex(md5.finalize()) == digest)
    }

    @Test func updatesInPiecesGiveTheSameDigest() {
        let data = testBytes(1000)
        var whole = MD5()
        whole.update(data)
        var pieces = MD5()
        pieces.update(data.prefix(3))
        pieces.update(data.dropFirst(3).prefix(130))
        pieces.update(data.dropFirst(133))
        #expect(pieces.finalize() == whole.finalize())
    }

    @Test func storedObjectsHaveTheirMD5() async throws {
        let (_, storage) = try makeStorage()
        let metadata = try await storage.reference(withPath: "a").putDataAsync(Data("abc".utf8))
        #expect(
            metadata.md5Hash
                == Data([
                    0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0,
                    0xd6, 0x96, 0x3f, 0x7d, 0x28, 0xe1, 0x7f, 0x72,
                ]).base64EncodedString())
    }

    @Test func anUploadWithAnotherMD5IsNonMatchingChecksum() async throws {
        let backend = LocalStorageBackend()
        let (_, storage) = try makeStorage(backend: backend)
        var metadata = StorageMetadata()
        metadata.md5Hash = "AAAAAAAAAAAAAAAAAAAAAA=="
        #expect(
            await storageErrorCode {
                try await storage.reference(withPath: "a").putDataAsync(Data("abc".utf8), metadata: metadata)
            } == .nonMatchingChecksum)
        #expect(backend.storedData(bucket: storage.bucket, path: "a") == nil)
    }
}
