// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Download tokens chosen with firebaseStorageDownloadTokens")
struct DownloadTokenTests {
    @Test func anUploadsCustomMetadataChoosesItsDownloadTokens() async throws {
        let (_, storage) = try makeStorage(backend: LocalStorageBackend())
        var metadata = StorageMetadata()
        metadata.customMetadata = ["firebaseStorageDownloadTokens": "first, second", "owner": "ada"]
        let ref = storage.reference(withPath: "chosen.txt")
        let stored = try await ref.putDataAsync(Data("x".utf8), metadata: metadata)
        #expect(stored.downloadTokens == "first,second")
        #expect(stored.customMetadata == ["owner": "ada"])
        let url = try await ref.downloadURL()
        #expect(url.query?.hasSuffix("token=first") == true)
    }

    @Test func anUpdateCanReplaceTheTokensAndLeavesTheCustomMetadata() async throws {
        let (_, storage) = try makeStorage(backend: LocalStorageBackend())
        let ref = storage.reference(withPath: "updated.txt")
        var initial = StorageMetadata()
        initial.customMetadata = ["owner": "ada"]
        let stored = try await ref.putDataAsync(Data("x".utf8), metadata: initial)
        #expect(stored.downloadTokens?.isEmpty == false)
        var changes = StorageMetadata()
        changes.customMetadata = ["firebaseStorageDownloadTokens": "replaced"]
        let updated = try await ref.updateMetadata(changes)
        #expect(updated.downloadTokens == "replaced")
        #expect(updated.customMetadata == ["owner": "ada"])
        #expect(try await ref.downloadURL().query?.hasSuffix("token=replaced") == true)
    }
}
