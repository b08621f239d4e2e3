// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// ``HTTPStorageBackend``'s bounds: tokens only where the token policy lets them go, the upload session URL the
/// server hands back included, and a download read no further than the range it asked for.
@Suite("The REST protocol's bounds (HTTPStorageBackend)")
struct HTTPBoundsTests {
    /// An instance with a signed-in user and App Check, pointed at `server` by `useEmulator`.
    private func signedInStorage(at server: TestHTTPServer) throws -> Storage {
        let auth = FakeAuth(userID: "alice", token: "alice-token")
        let appCheck = FakeAppCheck(token: "app-check-token")
        let (_, storage) = try makeStorage(overrides: auth.components + appCheck.components)
        storage.useEmulator(withHost: server.host, port: server.port)
        return storage
    }

    /// A server that starts every upload with `sessionURL` as its session, and answers anything else `{}`.
    private func startingUploadsAt(_ sessionURL: String) -> TestHTTPServer.Handler {
        { request in
            guard request.headers["X-Goog-Upload-Command"] == "start" else { return .json("{}") }
            return TestHTTPResponse(
                status: 200, headers: ["X-Goog-Upload-URL": sessionURL, "X-Goog-Upload-Status": "active"])
        }
    }

    @Test func aSessionURLOnAnotherOriginIsRefusedAndGetsNoToken() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { elsewhere in
            try await withTestHTTPServer(startingUploadsAt(elsewhere.url(path: "/upload/1").absoluteString)) {
                server in
                let storage = try signedInStorage(at: server)
                let upload = Task { try await storage.reference(withPath: "a.txt").putDataAsync(Data("hello".utf8)) }
                let error = await #expect(throws: StorageError.self) {
                    try await value(of: upload)
                }
                #expect(error?.code == .unknown)
                #expect(server.requests.map { $0.headers["X-Goog-Upload-Command"] } == ["start"])
                #expect(elsewhere.requests.isEmpty)  // no chunk, no finalize, no token
            }
        }
    }

    @Test func aPlainHTTPSessionURLOfAnotherHostIsRefusedBeforeAnyRequestGoesThere() async throws {
        // `.invalid` never resolves (RFC 2606): nothing could be reached there anyway.
        try await withTestHTTPServer(startingUploadsAt("http://storage.invalid/upload/1")) { server in
            let storage = try signedInStorage(at: server)
            let upload = Task { try await storage.reference(withPath: "a.txt").putDataAsync(Data("hello".utf8)) }
            let error = await #expect(throws: StorageError.self) { try await value(of: upload) }
            #expect(error?.code == .unknown)
            #expect(server.requests.count == 1)
        }
    }

    @Test func aDownloadStopsReadingAtTheRangeItAskedFor() async throws {
        // The metadata says 1,000 bytes; the media answer ignores the range and sends up to 1.5 GiB.
        let body = OversizedBody()
        let metadata = #"{"name":"big","bucket":"flint-test.appspot.com","size":"1000","generation":"1"}"#
        try await withTestHTTPServer({ request in
            request.query?.contains("alt=media") == true
                ? body.response(status: 206, headers: ["Content-Type": "application/octet-stream"]) : .json(metadata)
        }) { server in
            let (_, storage) = try makeStorage()
            storage.useEmulator(withHost: server.host, port: server.port)
            let error = await #expect(throws: StorageError.self) {
                _ = try await storage.reference(withPath: "big").data(maxSize: 1 << 20)
            }
            #expect(error?.code == .downloadSizeExceeded)
            let cutOff = try await body.wasCutOff(on: server)
            #expect(cutOff)  // the client closed the connection before the end
        }
    }
}

/// Deleting the app ends the operations in flight that are not tasks (metadata, lists, deletions, download URLs)
/// with `cancelled`, as it ends uploads and downloads.
@Suite("Storage: operations end when the app is deleted")
struct OperationDeletionTests {
    @Test func deletingTheAppEndsAMetadataRequestInFlight() async throws {
        let late = TestHTTPResponse.json("{}").delayed(by: .seconds(300))
        try await withTestHTTPServer({ _ in late }) { server in
            let (app, storage) = try makeStorage()
            storage.useEmulator(withHost: server.host, port: server.port)
            let request = Task { _ = try await storage.reference(withPath: "folder/a.txt").getMetadata() }
            try await waitUntil { server.requests.count == 1 }
            await app.delete()
            let error = await #expect(throws: StorageError.self) { try await value(of: request) }
            #expect(error?.code == .cancelled)  // as the SDK's `cancelled`, which carries no message of its own
        }
    }

    @Test func everyOperationAfterTheDeletionEndsAtOnceWithoutBeingSent() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { server in
            let (app, storage) = try makeStorage()
            storage.useEmulator(withHost: server.host, port: server.port)
            await app.delete()
            let object = storage.reference(withPath: "folder/a.txt")
            let operations: [@Sendable () async throws -> Void] = [
                { _ = try await object.getMetadata() },
                { _ = try await object.updateMetadata(StorageMetadata()) },
                { try await object.delete() },
                { _ = try await object.downloadURL() },
                { _ = try await object.parent()!.list(maxResults: 10) },
            ]
            for operation in operations {
                let error = await #expect(throws: StorageError.self) { try await operation() }
                #expect(error?.code == .cancelled)
            }
            #expect(server.requests.isEmpty)
        }
    }
}
