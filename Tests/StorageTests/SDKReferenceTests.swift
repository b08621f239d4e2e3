// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageReferenceTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported on an
/// instance of the bucket `bucket`. `testCopy` is not ported (references are immutable; equality is tested).
@Suite("SDK: StorageReferenceTests")
struct SDKReferenceTests {
    private func reference(_ url: String) throws -> StorageReference {
        try SDKTest.storage().reference(forURL: url)
    }

    /// `testRoot`, `testRootWithNoPath`.
    @Test(arguments: ["gs://bucket/path/to/object", "gs://bucket/"])
    func theRootsDescriptionIsTheBucketsURL(url: String) throws {
        #expect(try reference(url).root().description == "gs://bucket/")
    }

    /// `testMismatchedBucket`.
    @Test func aURLOfAnotherBucketIsABucketMismatchWithTheSDKsMessage() throws {
        do {
            _ = try reference("gs://bcket/")
            Issue.record("no error")
        } catch StorageError.bucketMismatch(let message) {
            #expect(
                message
                    == "Provided bucket: `bcket` does not match the Storage bucket of the current instance: `bucket`")
        }
    }

    /// `testBadBucketScheme`.
    @Test func aURLOfAnotherSchemeIsAPathErrorWithTheSDKsMessage() throws {
        let error = try #require(throws: StorageError.self) { try reference("htttp://bucket/") }
        #expect(error == .pathError(message: "Internal error: URL scheme must be one of gs://, http://, or https://"))
        #expect(error.message == "Internal error: URL scheme must be one of gs://, http://, or https://")
    }

    /// `testSingleChild`, `testMultipleChildrenSingleString`, `testMultipleChildrenMultipleStrings`.
    @Test func childrenAppendToTheDescription() throws {
        let ref = try reference("gs://bucket/")
        #expect(ref.child("path").description == "gs://bucket/path")
        #expect(ref.child("path/to/object").description == "gs://bucket/path/to/object")
        #expect(ref.child("path").child("to").child("object").description == "gs://bucket/path/to/object")
    }

    /// `testSameChildDifferentRef`.
    @Test func theSameChildTwiceIsEqualButNotIdentical() throws {
        let ref = try reference("gs://bucket/")
        let first = ref.child("1")
        let second = ref.child("1")
        #expect(ref.description == "gs://bucket/")
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first !== second)
    }

    /// `testDifferentChildDifferentRef`.
    @Test func differentChildrenAreNotEqual() throws {
        let ref = try reference("gs://bucket/")
        #expect(ref.child("1") != ref.child("2"))
    }

    /// `testChildWithTrailingSlash`, `testChildWithLeadingSlash`, `testChildCompressSlashes`.
    @Test(arguments: [
        "gs://bucket/path/to/object/", "gs://bucket//path/to/object/", "gs://bucket//path/////to////object////",
    ])
    func slashesInAURLAreNormalized(url: String) throws {
        #expect(try reference(url).description == "gs://bucket/path/to/object")
    }

    /// `testParent`, `testParentToRoot`, `testParentToRootTrailingSlash`, `testParentAtRoot`.
    @Test func parents() throws {
        #expect(try reference("gs://bucket//path/to/object/").parent()?.description == "gs://bucket/path/to")
        #expect(try reference("gs://bucket/path").parent()?.description == "gs://bucket/")
        #expect(try reference("gs://bucket/path/").parent()?.description == "gs://bucket/")
        #expect(try reference("gs://bucket/").parent() == nil)
    }

    /// `testBucket`, `testName`, `testNameNoObject`, `testFullPath`, `testFullPathNoObject`.
    @Test func bucketNameAndFullPath() throws {
        #expect(try reference("gs://bucket//path/to/object/").bucket == "bucket")
        #expect(try reference("gs://bucket/path/to/object/").name == "object")
        #expect(try reference("gs://bucket/").name == "")
        #expect(try reference("gs://bucket/path/to/object/").fullPath == "path/to/object")
        #expect(try reference("gs://bucket/").fullPath == "")
    }

    /// `testReferenceWithNonExistentFileFailsWithCompletionResult`,
    /// `testReferenceWithNonExistentFileFailsWithCompletionCallback`, `testReferenceWithNilFileFailsWithCompletionCallback`.
    @Test(arguments: ["some_non_existing-folder/file.data", "bad-url"])
    func puttingAFileThatIsNotThereFailsWithUnknownAndTheSDKsMessage(url: String) async throws {
        let storage = try SDKTest.storage()
        let ref = storage.reference(withPath: NSTemporaryDirectory() + "temp.data")
        let fileURL = try #require(URL(string: url))
        // metadata is nil, the NSError's domain, code and description
        let failure = Locked<(Bool, String, Int, String)?>(nil)
        ref.putFile(from: fileURL) { metadata, error in
            let error = error.map { $0 as NSError }
            failure.withLock {
                $0 = (metadata == nil, error?.domain ?? "", error?.code ?? 0, error?.localizedDescription ?? "")
            }
        }
        try await waitUntil { failure.withLock { $0 != nil } }
        let (noMetadata, domain, code, description) = try #require(failure.withLock { $0 })
        #expect(noMetadata)
        #expect(domain == StorageErrorDomain)
        #expect(code == StorageErrorCode.unknown.rawValue)
        #expect(
            description
                == "File at URL: \(fileURL.absoluteString) is not reachable. "
                + "Ensure file URL is not a directory, symbolic link, or invalid url.")
        let result = try await #require(throws: StorageError.self) { try await ref.putFileAsync(from: fileURL) }
        #expect(result.code == .unknown)
    }
}
