// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageDeleteTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported on the
/// wire (the SDK's fetcher test blocks become ``TestHTTPServer`` answers).
@Suite("SDK: StorageDeleteTests")
struct SDKDeleteTests {
    /// `testFetcherConfiguration`, `testSuccessfulFetch`, `testSuccessfulFetchWithEmulator`.
    @Test func deleteIsADeleteOfTheObject() async throws {
        let request = try await SDKTest.request(answering: "") { try await $0.delete() }
        #expect(request.method == "DELETE")
        #expect(request.path == "/v0/b/bucket/o/object")
    }

    /// `testUnsuccessfulFetchUnauthenticated`, `testUnsuccessfulFetchUnauthorized`,
    /// `testUnsuccessfulFetchObjectDoesntExist`.
    @Test(arguments: SDKTest.failures)
    func aFailedDeleteHasTheStatussCode(failure: (status: Int, body: String, code: StorageErrorCode)) async throws {
        let code = try await SDKTest.failureCode(status: failure.status, body: failure.body) { try await $0.delete() }
        #expect(code == failure.code.rawValue)
    }
}
