// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Storage references")
struct StorageReferenceTests {
    @Test func childParentRootNameAndFullPath() throws {
        let storage = try Storage.storage(app: makeStorageApp())
        let ref = storage.reference().child("images/").child("/cats//tom.png")
        #expect(ref.fullPath == "images/cats/tom.png")
        #expect(ref.name == "tom.png")
        #expect(ref.bucket == "flint-test.appspot.com")
        #expect(ref.description == "gs://flint-test.appspot.com/images/cats/tom.png")
        #expect(ref.parent()?.fullPath == "images/cats")
        #expect(ref.parent()?.parent()?.parent() == storage.reference())
        #expect(storage.reference().parent() == nil)
        #expect(ref.root().fullPath == "")
        #expect(ref.root().name == "")
        #expect(storage.reference(withPath: "/images/cats/tom.png/") == ref)
    }

    @Test func aURLOfTheSameBucketMakesAReference() throws {
        let storage = try Storage.storage(app: makeStorageApp())
        let ref = try storage.reference(forURL: "gs://flint-test.appspot.com/a/b")
        #expect(ref.fullPath == "a/b")
    }

    @Test func aDownloadURLMakesAReference() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "images/a b.png")
        try await ref.putDataAsync(Data("x".utf8))
        let url = try await ref.downloadURL()
        #expect(try storage.reference(for: url) == ref)
        #expect(
            try storage.reference(forURL: "https://firebasestorage.googleapis.com/v0/b/flint-test.appspot.com/o")
                == storage.reference())
    }

    @Test func aURLOfAnotherBucketIsBucketMismatch() throws {
        let storage = try Storage.storage(app: makeStorageApp())
        #expect {
            try storage.reference(forURL: "gs://another-bucket/a/b")
        } throws: { ($0 as? StorageError)?.code == .bucketMismatch }
        #expect {
            try storage.reference(forURL: "https://firebasestorage.googleapis.com/v0/b/another-bucket/o/a")
        } throws: { ($0 as? StorageError)?.code == .bucketMismatch }
    }

    @Test func aURLThatIsNotGsIsAPathError() throws {
        let storage = try Storage.storage(app: makeStorageApp())
        #expect {
            try storage.reference(forURL: "https://example.com/a")
        } throws: { ($0 as? StorageError)?.code == .pathError }
    }
}
