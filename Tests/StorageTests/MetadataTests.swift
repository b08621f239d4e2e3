// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Object metadata")
struct MetadataTests {
    @Test func uploadMetadataIsStored() async throws {
        let clock = Date(timeIntervalSince1970: 1_800_000_000)
        let (_, storage) = try makeStorage(backend: LocalStorageBackend(now: { clock }))
        var metadata = StorageMetadata()
        metadata.contentType = "image/png"
        metadata.cacheControl = "max-age=60"
        metadata.customMetadata = ["owner": "alice"]
        let ref = storage.reference(withPath: "a.png")
        try await ref.putDataAsync(Data("png".utf8), metadata: metadata)
        let stored = try await ref.getMetadata()
        #expect(stored.contentType == "image/png")
        #expect(stored.cacheControl == "max-age=60")
        #expect(stored.customMetadata == ["owner": "alice"])
        #expect(stored.size == 3)
        #expect(stored.timeCreated == clock)
        #expect(stored.updated == clock)
        #expect(stored.metageneration == 1)
        #expect(stored.isFile)
    }

    @Test func metadataFromTheBackendNamesItsReference() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "docs/a.txt")
        #expect(StorageMetadata().storageReference == nil)
        #expect(try await ref.putDataAsync(Data("a".utf8)).storageReference == ref)
        #expect(try await ref.getMetadata().storageReference == ref)
        var changes = StorageMetadata()
        changes.cacheControl = "no-cache"
        let updated = try await ref.updateMetadata(changes)
        #expect(updated.storageReference == ref)
        var copy = updated
        copy.storageReference = nil
        #expect(copy == updated)  // not compared
    }

    @Test func updateChangesOnlyTheFieldsSet() async throws {
        let (_, storage) = try makeStorage()
        var metadata = StorageMetadata()
        metadata.contentType = "text/plain"
        metadata.cacheControl = "no-cache"
        let ref = storage.reference(withPath: "a.txt")
        let before = try await ref.putDataAsync(Data("a".utf8), metadata: metadata)
        var changes = StorageMetadata()
        changes.customMetadata = ["k": "v"]
        let after = try await ref.updateMetadata(changes)
        #expect(after.contentType == "text/plain")
        #expect(after.cacheControl == "no-cache")
        #expect(after.customMetadata == ["k": "v"])
        #expect(after.metageneration == before.metageneration + 1)
        #expect(after.generation == before.generation)
    }

    @Test func updateWithNilClearsAField() async throws {
        let (_, storage) = try makeStorage()
        var metadata = StorageMetadata()
        metadata.contentType = "text/plain"
        metadata.customMetadata = ["k": "v"]
        let ref = storage.reference(withPath: "a.txt")
        try await ref.putDataAsync(Data("a".utf8), metadata: metadata)
        var changes = StorageMetadata()
        changes.contentType = nil
        changes.customMetadata = nil
        let after = try await ref.updateMetadata(changes)
        #expect(after.contentType == nil)
        #expect(after.customMetadata == nil)
    }

    /// The SDK sends an update's custom metadata key by key (`StorageMetadata.updatedMetadata()`), and the server
    /// keeps the keys not named: the embedded backend merges them alike.
    @Test func updateMergesCustomMetadataKeyByKey() async throws {
        let (_, storage) = try makeStorage()
        var metadata = StorageMetadata()
        metadata.customMetadata = ["a": "1", "b": "1"]
        let ref = storage.reference(withPath: "a.txt")
        try await ref.putDataAsync(Data("a".utf8), metadata: metadata)
        var changes = StorageMetadata()
        changes.customMetadata = ["c": "1"]
        #expect(try await ref.updateMetadata(changes).customMetadata == ["a": "1", "b": "1", "c": "1"])
        var fetched = try await ref.getMetadata()
        fetched.customMetadata = ["a": "2", "c": "1"]  // a changed, b removed
        #expect(try await ref.updateMetadata(fetched).customMetadata == ["a": "2", "c": "1"])
    }

    /// The SDK uploads the whole of the metadata given (its `dictionaryRepresentation()`), also one that came from
    /// the server, where no field counts as set (its `md5Hash` is checked, so the copy has the same bytes).
    @Test func anUploadWithFetchedMetadataKeepsItsWritableFields() async throws {
        let (_, storage) = try makeStorage()
        var metadata = StorageMetadata()
        metadata.contentType = "text/plain"
        metadata.customMetadata = ["k": "v"]
        let fetched = try await storage.reference(withPath: "a.txt").putDataAsync(Data("a".utf8), metadata: metadata)
        let copy = try await storage.reference(withPath: "b.txt").putDataAsync(Data("a".utf8), metadata: fetched)
        #expect(copy.contentType == "text/plain")
        #expect(copy.customMetadata == ["k": "v"])
    }

    @Test func updatingAMissingObjectIsObjectNotFound() async throws {
        let (_, storage) = try makeStorage()
        var changes = StorageMetadata()
        changes.contentType = "x"
        #expect(
            await storageErrorCode { try await storage.reference(withPath: "no").updateMetadata(changes) }
                == .objectNotFound)
    }
}
