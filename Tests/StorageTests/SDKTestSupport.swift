// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// Support of the tests ported from the Firebase SDK's unit tests (`SDK*Tests`), whose instances use the
/// bucket `bucket`.
enum SDKTest {
    /// The SDK tests' bucket.
    static let bucket = "bucket"

    /// The SDK's `StorageTestHelpers` answers: 401, 403 and 404 with their HTML bodies, and a 200 whose body is
    /// not JSON.
    static let unauthenticatedBody =
        "<html><body><p>User not authenticated. Authentication via Authorization header required. "
        + "Authorization Header does not match expected format of 'Authorization: Firebase <JWT>'.</p></body></html>"
    static let unauthorizedBody =
        "<html><body><p>User not authorized. Authentication via Authorization header required. "
        + "Authorization Header does not match expected format of 'Authorization: Firebase <JWT>'.</p></body></html>"
    static let notFoundBody = "<html><body><p>Object not found.</p></body></html>"
    static let invalidJSONBody = "This is not a JSON object"

    /// The default instance of a new app (private registry) whose options' bucket is `bucket`.
    static func storage(bucket: String = bucket, overrides: [Component] = []) throws -> Storage {
        var options = FlintOptions.testing
        options.storageBucket = bucket
        return try Storage.storage(app: makeStorageApp(overrides: overrides, options: options))
    }

    /// Runs `body` with an instance for `bucket` pointed (useEmulator, retries without waiting) at a server
    /// answering every request with `respond`.
    static func withServer(
        overrides: [Component] = [],
        _ respond: @escaping @Sendable (TestHTTPRequest) -> TestHTTPResponse,
        _ body: (Storage, TestHTTPServer) async throws -> Void
    ) async throws {
        try await withTestHTTPServer(respond) { server in
            let storage = try storage(overrides: overrides)
            storage.useEmulator(withHost: server.host, port: server.port, sleep: { _ in })
            try await body(storage, server)
        }
    }

    /// An answer with `status` and `body`.
    static func answer(_ status: Int, _ body: String = "{}") -> @Sendable (TestHTTPRequest) -> TestHTTPResponse {
        { _ in TestHTTPResponse(status: status, body: body) }
    }

    /// The metadata JSON of `path` in `bucket` (what a server answers for it).
    static func objectJSON(_ path: String = "object", extra: [String: Any] = [:]) -> String {
        var object: [String: Any] = ["bucket": bucket, "name": path, "size": "1", "generation": "1"]
        object.merge(extra) { _, new in new }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension SDKTest {
    /// The SDK's failing answers (`unauthenticatedBlock`, `unauthorizedBlock`, `notFoundBlock`) and the codes they
    /// map to.
    static let failures: [(status: Int, body: String, code: StorageErrorCode)] = [
        (401, unauthenticatedBody, .unauthenticated), (403, unauthorizedBody, .unauthorized),
        (404, notFoundBody, .objectNotFound),
    ]

    /// The `NSError` code `operation` on the reference `object` fails with when the server answers `status` and
    /// `body`; nil when it succeeds.
    static func failureCode(
        status: Int, body: String, _ operation: @escaping (StorageReference) async throws -> Void
    ) async throws -> Int? {
        var code: Int?
        try await withServer(answer(status, body)) { storage, _ in
            do {
                try await operation(storage.reference(withPath: "object"))
            } catch {
                #expect((error as NSError).domain == StorageErrorDomain)
                code = (error as NSError).code
            }
        }
        return code
    }

    /// The method and path (with query) of the one request `operation` on the reference `object` makes, which
    /// succeeds with the answer `body`.
    static func request(
        answering body: String, _ operation: @escaping (StorageReference) async throws -> Void
    ) async throws -> (method: String, path: String) {
        var request: (String, String) = ("", "")
        try await withServer(answer(200, body)) { storage, server in
            try await operation(storage.reference(withPath: "object"))
            let sent = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            request = (sent.method, sent.path)
        }
        return request
    }
}
