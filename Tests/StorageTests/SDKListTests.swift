// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageListTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported on the wire
/// (``TestHTTPServer``). The SDK's `testDefaultList` builds a list request without a page size, which only its
/// internal task can; here `list(maxResults:)` always sends one and `listAll()` sends 1000, the server's default.
@Suite("SDK: StorageListTests")
struct SDKListTests {
    /// `testValidatesInput`.
    @Test(arguments: [(0, nil), (1001, nil), (0, "foo"), (1001, "foo")] as [(Int64, String?)])
    func maxResultsOutOf1To1000IsAnInvalidArgument(maxResults: Int64, pageToken: String?) async throws {
        let ref = try SDKTest.storage().reference(withPath: "object")
        let error = try await #require(throws: StorageError.self) {
            _ = try await ref.list(maxResults: maxResults, pageToken: pageToken)
        }
        #expect(error.code == .invalidArgument)
        #expect((error as NSError).domain == "FIRStorageErrorDomain")
        #expect((error as NSError).code == StorageErrorCode.invalidArgument.rawValue)
    }

    /// `testListAllCallbackOnlyCalledOnce`.
    @Test func aFailingListAllCallsItsCompletionOnce() async throws {
        try await SDKTest.withServer(SDKTest.answer(400, "bad request")) { storage, _ in
            let calls = Locked<[Int]>([])
            storage.reference(withPath: "object").listAll { result, error in
                calls.withLock { $0.append(result == nil ? (error as NSError?)?.code ?? 0 : 1) }
            }
            try await waitUntil { calls.withLock { !$0.isEmpty } }
            _ = try? await storage.reference(withPath: "other").listAll()  // a later round trip: no second call
            #expect(calls.withLock { $0 } == [StorageErrorCode.unknown.rawValue])
        }
    }

    /// `testDefaultListWithEmulator`, `testListWithPageSizeAndPageToken`: `GET /v0/b/bucket/o` with `prefix`,
    /// `delimiter`, `maxResults` and `pageToken`.
    @Test func aListRequestNamesThePrefixDelimiterPageSizeAndToken() async throws {
        try await SDKTest.withServer(SDKTest.answer(200, "{}")) { storage, server in
            let result = try await storage.reference(withPath: "object").list(maxResults: 42, pageToken: "foo")
            #expect(result.items.isEmpty && result.prefixes.isEmpty && result.pageToken == nil)
            let request = try #require(server.requests.first)
            #expect(request.method == "GET")
            #expect(request.pathWithoutQuery == "/v0/b/bucket/o")
            let items = URLComponents(string: "http://x" + request.path)?.queryItems ?? []
            #expect(
                Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
                    == ["prefix": "object/", "delimiter": "/", "maxResults": "42", "pageToken": "foo"])
        }
    }

    /// `testPercentEncodesPlusToken`: a `+` in the path reaches the server as `+`, not a space.
    @Test func aPlusInThePrefixIsPercentEncoded() async throws {
        try await SDKTest.withServer(SDKTest.answer(200, "{}")) { storage, server in
            _ = try await storage.reference(withPath: "+foo").list(maxResults: 10)
            let request = try #require(server.requests.first)
            #expect(request.path.contains("prefix=%2Bfoo%2F"))
            let items = URLComponents(string: "http://x" + request.path)?.queryItems ?? []
            #expect(items.first { $0.name == "prefix" }?.value == "+foo/")
        }
    }

    /// `testListWithResponse`: prefixes with or without their trailing slash, items, and the next page's token.
    @Test func aListAnswerBecomesReferencesAndAPageToken() async throws {
        let json = """
            {"prefixes": ["object/prefixWithoutSlash", "object/prefixWithSlash/"],
             "items": [{"name": "object/data1.dat", "bucket": "bucket.appspot.com"},
                       {"name": "object/data2.dat", "bucket": "bucket.appspot.com"}],
             "nextPageToken": "foo"}
            """
        try await SDKTest.withServer(SDKTest.answer(200, json)) { storage, _ in
            let ref = storage.reference(withPath: "object")
            let result = try await ref.list(maxResults: 10)
            #expect(result.items == [ref.child("data1.dat"), ref.child("data2.dat")])
            #expect(result.prefixes == [ref.child("prefixWithoutSlash"), ref.child("prefixWithSlash")])
            #expect(result.pageToken == "foo")
        }
    }

    /// `testListWithErrorResponse` (whose fetcher error carries 404).
    @Test func aListAnswered404IsObjectNotFound() async throws {
        try await SDKTest.withServer(SDKTest.answer(404, SDKTest.notFoundBody)) { storage, _ in
            let error = try await #require(throws: StorageError.self) {
                _ = try await storage.reference(withPath: "object").list(maxResults: 10)
            }
            #expect((error as NSError).domain == "FIRStorageErrorDomain")
            #expect((error as NSError).code == StorageErrorCode.objectNotFound.rawValue)
        }
    }
}
