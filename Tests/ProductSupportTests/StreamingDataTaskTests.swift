// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``StreamingDataTask``: the head, then the body as the server writes it, against a server on 127.0.0.1;
/// redirects refused, a dropped body closing the connection, failures reported as the product says.
@Suite("StreamingDataTask: a streaming request's head and body", .timeLimit(.minutes(3)))
struct StreamingDataTaskTests {
    /// Which of the ``StreamingDataTask/Failures`` a failure went through.
    private enum Stage: Error, Equatable {
        case notHTTP, cancelled, beforeHead, midBody
    }

    private static let failures = StreamingDataTask.Failures(
        notHTTP: { Stage.notHTTP }, cancelled: { Stage.cancelled }, beforeHead: { _ in Stage.beforeHead },
        midBody: { _ in Stage.midBody })

    private static func start(_ url: URL) async throws -> StreamingDataTask.Head {
        try await StreamingDataTask(failures: failures).start(URLRequest(url: url)) { .ephemeral }
    }

    @Test func theHeadComesFirstThenTheBodyAsItIsWritten() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, status: 201) }) { server in
            let head = try await Self.start(server.url(path: "/s"))
            #expect(head.statusCode == 201)
            var chunks = head.body.makeAsyncIterator()
            writer.write("one")
            #expect(try await chunks.next() == Data("one".utf8))
            writer.write("two")
            #expect(try await chunks.next() == Data("two".utf8))
            writer.finish()
            #expect(try await chunks.next() == nil)
        }
    }

    @Test func aRedirectIsRefusedAndAnsweredWithItsOwnStatus() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { elsewhere in
            try await withTestHTTPServer({ request in
                TestHTTPResponse(status: 307, headers: ["Location": elsewhere.url(path: request.path).absoluteString])
            }) { server in
                let head = try await Self.start(server.url(path: "/s"))
                #expect(head.statusCode == 307)
                for try await _ in head.body { Issue.record("a refused redirect has no body") }
                #expect(elsewhere.requests.isEmpty)
            }
        }
    }

    @Test func droppingTheBodyClosesTheConnection() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer) }) { server in
            var head: StreamingDataTask.Head? = try await Self.start(server.url(path: "/s"))
            writer.write("one")
            #expect(try await head?.body.first { _ in true } == Data("one".utf8))
            #expect(server.openConnectionCount == 1)
            head = nil
            try await waitUntil {
                writer.write("more")  // the server notices the closed connection when it writes
                return server.openConnectionCount == 0
            }
        }
    }

    @Test func failuresBeforeTheHeadAndMidBodyAreTheProducts() async throws {
        try await withTestHTTPServer({ _ in .closeWithoutResponse }) { server in
            await #expect(throws: Stage.beforeHead) { try await Self.start(server.url(path: "/s")) }
        }
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer) }) { server in
            let head = try await Self.start(server.url(path: "/s"))
            writer.write("one")
            writer.abort()
            await #expect(throws: Stage.midBody) {
                for try await _ in head.body {}
            }
        }
    }

    @Test func aTaskCancelledBeforeItStartsSendsNothing() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { server in
            let url = server.url(path: "/never")
            let call = Task.detached(priority: Task.currentPriority) {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await Self.start(url)
            }
            await #expect(throws: Stage.cancelled) { try await call.value }
            #expect(server.requests.isEmpty)
        }
    }
}
