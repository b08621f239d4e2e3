// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageUtilsTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported. Not
/// ported: `testParseGoodDataToDict`, `testParseBadDataToDict`, `testParseGoodDictToData` (they test
/// `JSONSerialization` itself).
@Suite("SDK: StorageUtilsTests")
struct SDKUtilsTests {
    /// `testCommonExtensionToMIMEType`.
    @Test(arguments: [
        ("txt", "text/plain"), ("png", "image/png"), ("mp3", "audio/mpeg"), ("mov", "video/quicktime"),
        ("gif", "image/gif"),
    ])
    func commonExtensionsHaveTheirMIMEType(fileExtension: String, mimeType: String) {
        #expect(MIMEType.forExtension(fileExtension) == mimeType)
    }

    /// `testDefaultRequestForFullPath`: the object's path is percent-encoded whole (`/` as `%2F`).
    @Test func anObjectsRequestEncodesItsWholePath() async throws {
        try await SDKTest.withServer(SDKTest.answer(200, SDKTest.objectJSON("path/to/object"))) { storage, server in
            _ = try await storage.reference(withPath: "path/to/object").getMetadata()
            #expect(server.requests.first?.path == "/v0/b/bucket/o/path%2Fto%2Fobject")
        }
    }

    /// `testDefaultRequestForNoPath`: requests about the root go to `/v0/b/{bucket}/o`.
    @Test func theRootsRequestIsTheBucketsObjects() async throws {
        try await SDKTest.withServer(SDKTest.answer(200, "{}")) { storage, server in
            _ = try await storage.reference().list(maxResults: 1)
            #expect(server.requests.first?.pathWithoutQuery == "/v0/b/bucket/o")
        }
    }
}
