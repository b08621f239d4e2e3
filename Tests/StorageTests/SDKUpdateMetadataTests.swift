// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageUpdateMetadataTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported on the
/// wire (the SDK's fetcher test blocks become ``TestHTTPServer`` answers).
@Suite("SDK: StorageUpdateMetadataTests")
struct SDKUpdateMetadataTests {
    /// `testFetcherConfiguration`, `testSuccessfulFetch`, `testSuccessfulFetchWithEmulator`.
    @Test func updateMetadataIsAPatchOfTheObject() async throws {
        let request = try await SDKTest.request(answering: SDKTest.objectJSON()) { ref in
            let metadata = try await ref.updateMetadata(
                StorageMetadata(dictionary: ["bucket": "bucket", "name": "path/to/object"]))
            #expect(metadata.path == "object")
            #expect(metadata.storageReference == ref)
        }
        #expect(request.method == "PATCH")
        #expect(request.path == "/v0/b/bucket/o/object")
    }

    /// `testUnsuccessfulFetchUnauthenticated`, `testUnsuccessfulFetchUnauthorized`,
    /// `testUnsuccessfulFetchObjectDoesntExist`.
    @Test(arguments: SDKTest.failures)
    func aFailedUpdateHasTheStatussCode(failure: (status: Int, body: String, code: StorageErrorCode)) async throws {
        let code = try await SDKTest.failureCode(status: failure.status, body: failure.body) {
            _ = try await $0.updateMetadata(StorageMetadata())
        }
        #expect(code == failure.code.rawValue)
    }

    /// `testUnsuccessfulFetchBadJSON`.
    @Test func anAnswerThatIsNotJSONIsUnknown() async throws {
        let failure = try await SDKTest.failureCode(status: 200, body: SDKTest.invalidJSONBody) {
            _ = try await $0.updateMetadata(StorageMetadata())
        }
        #expect(failure == StorageErrorCode.unknown.rawValue)
    }
}
