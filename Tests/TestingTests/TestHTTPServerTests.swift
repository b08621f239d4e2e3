// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The in-process HTTP test server, driven by URLSession (and a raw socket where URLSession cannot send the
/// bytes on purpose).
@Suite("TestHTTPServer", .timeLimit(.minutes(3)))
struct TestHTTPServerTests {
    /// For bodies a test reads piece by piece: with no Content-Type, Apple's URLSession holds back the first
    /// 512 bytes to sniff the type.
    private static let plainText: TestHTTPHeaders = ["Content-Type": "text/plain", "X-Content-Type-Options": "nosniff"]

    @Test func aFixedBodyIsServedWithItsStatusAndHeaders() async throws {
        try await withTestHTTPServer({ _ in
            TestHTTPResponse(
                status: 201, headers: ["Content-Type": "application/json", "X-Reply": "yes"],
                body: #"{"ok":true}"#)
        }) { server in
            let (data, response) = try await fetch(server.url(path: "/thing"))
            #expect(response.statusCode == 201)
            #expect(String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)
            #expect(response.value(forHTTPHeaderField: "x-reply") == "yes")
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(response.value(forHTTPHeaderField: "Content-Length") == "11")
        }
    }

    @Test func originAndURLsPointAtLoopback() async throws {
        try await withTestHTTPServer({ _ in .text("") }) { server in
            #expect(server.port > 0)
            #expect(server.origin == "http://127.0.0.1:\(server.port)")
            #expect(server.url(path: "/a/b?c=d").absoluteString == "http://127.0.0.1:\(server.port)/a/b?c=d")
            #expect(server.url(path: "a").absoluteString == "http://127.0.0.1:\(server.port)/a")
        }
    }

    @Test func theRequestIsRecordedWithHeadersAndBody() async throws {
        try await withTestHTTPServer({ request in .text(request.method + " " + request.path) }) { server in
            var request = URLRequest(url: server.url(path: "/p/r/echo?x=1&y=two"), timeoutInterval: 10)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("Bearer abc", forHTTPHeaderField: "Authorization")
            request.httpBody = Data(#"{"data":"hi"}"#.utf8)
            let (data, _) = try await fetch(request)
            #expect(String(decoding: data, as: UTF8.self) == "POST /p/r/echo?x=1&y=two")

            let recorded = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(recorded.method == "POST")
            #expect(recorded.path == "/p/r/echo?x=1&y=two")
            #expect(recorded.pathWithoutQuery == "/p/r/echo")
            #expect(recorded.query == "x=1&y=two")
            #expect(recorded.lastPathComponent == "echo")
            #expect(recorded.headers["authorization"] == "Bearer abc")
            #expect(recorded.headers["CONTENT-TYPE"] == "application/json")
            #expect(recorded.headers.lowercasedDictionary["content-length"] == "13")
            #expect(recorded.bodyText == #"{"data":"hi"}"#)
            #expect(!recorded.wasChunked)
        }
    }

    @Test func aChunkedRequestBodyIsDecoded() async throws {
        try await withTestHTTPServer({ request in .text("got \(request.body.count)") }) { server in
            let request =
                "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n"
            let answer = try #require(await rawExchange(port: server.port, Array(request.utf8)))
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(answer.hasSuffix("\r\n\r\ngot 12"))
            let recorded = try #require(server.requests.first)
            #expect(recorded.bodyText == "hello, world")
            #expect(recorded.wasChunked)
            #expect(recorded.headers["transfer-encoding"] == "chunked")
        }
    }

    @Test func aChunkedResponseIsFramedAndReassembled() async throws {
        let chunks = ["first,", "second,", "third"].map { Data($0.utf8) }
        try await withTestHTTPServer({ _ in .chunked(chunks, delayBetween: .milliseconds(20)) }) { server in
            let (data, response) = try await fetch(server.url(path: "/c"))
            #expect(response.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self) == "first,second,third")

            let get = Array("GET /c HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            let raw = try #require(await rawExchange(port: server.port, get))
            #expect(raw.contains("\r\nTransfer-Encoding: chunked\r\n"))
            #expect(!raw.contains("Content-Length"))
            #expect(raw.hasSuffix("\r\n\r\n6\r\nfirst,\r\n7\r\nsecond,\r\n5\r\nthird\r\n0\r\n\r\n"))
        }
    }

    @Test func anEventStreamIsReadOneEventAtATime() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let client = StreamingClient(url: server.url(path: "/events"))
            defer { client.invalidate() }
            let first = TestServerSentEvent(data: #"{"message":1}"#)
            let second = TestServerSentEvent(event: "update", data: "line 1\nline 2", id: "7")

            writer.send(first)
            try await waitUntil { client.text == "data: {\"message\":1}\n\n" }
            #expect(!client.isComplete)  // the stream is still open: the client read the first event alone

            writer.send(second)
            try await waitUntil { client.text.hasSuffix("event: update\nid: 7\ndata: line 1\ndata: line 2\n\n") }
            #expect(!client.isComplete)

            writer.finish()
            try await waitUntil { client.isComplete }
            #expect(client.error == nil)
            #expect(writer.writtenChunkCount == 2)
            #expect(client.text == String(decoding: first.encoded + second.encoded, as: UTF8.self))
        }
    }

    @Test func aScriptedEventStreamArrivesWithItsHeaders() async throws {
        let events = (1...3).map { TestServerSentEvent(data: "event \($0)") }
        try await withTestHTTPServer({ _ in .eventStream(events, delayBetween: .milliseconds(30)) }) { server in
            let (data, response) = try await fetch(server.url(path: "/sse"))
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
            #expect(response.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
            #expect(String(decoding: data, as: UTF8.self) == "data: event 1\n\ndata: event 2\n\ndata: event 3\n\n")
        }
    }

    @Test func aSlowBodyIsDribbledWithPauses() async throws {
        let body = Data("abcdef".utf8)
        let slow = TestHTTPResponse.slowBody(body, bytesPerWrite: 2, pause: .milliseconds(150), headers: Self.plainText)
        try await withTestHTTPServer({ _ in slow }) { server in
            let started = ContinuousClock.now
            let client = StreamingClient(url: server.url(path: "/slow"))
            defer { client.invalidate() }
            try await waitUntil { client.isComplete }
            #expect(client.error == nil)
            #expect(client.text == "abcdef")
            #expect(client.pieces >= 2)  // not in one piece
            #expect(ContinuousClock.now - started >= .milliseconds(300))  // two pauses
        }
    }

    @Test func aDelayedAnswerComesAfterItsDelay() async throws {
        try await withTestHTTPServer({ _ in TestHTTPResponse.json("{}").delayed(by: .milliseconds(300)) }) { server in
            let started = ContinuousClock.now
            let (data, response) = try await fetch(server.url(path: "/late"))
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            #expect(response.statusCode == 200)
            #expect(data == Data("{}".utf8))
        }
    }

    @Test func closingWithoutAResponseIsANetworkError() async throws {
        try await withTestHTTPServer({ _ in .closeWithoutResponse }) { server in
            await #expect(throws: URLError.self) { _ = try await fetch(server.url(path: "/gone")) }
            #expect(server.requests.first?.path == "/gone")
        }
    }

    @Test func closingMidBodyIsANetworkError() async throws {
        let cut = TestHTTPResponse.text("0123456789").truncated(afterBodyBytes: 4)
        try await withTestHTTPServer({ _ in cut }) { server in
            await #expect(throws: URLError.self) { _ = try await fetch(server.url(path: "/cut")) }
        }
    }

    @Test func closingMidStreamIsANetworkError() async throws {
        let events = [TestServerSentEvent(data: "1"), TestServerSentEvent(data: "2")]
        try await withTestHTTPServer({ _ in .eventStream(events, ending: .abruptClose) }) { server in
            await #expect(throws: URLError.self) { _ = try await fetch(server.url(path: "/sse")) }
        }
    }

    @Test func anAbortedWriterFailsTheReadAfterWhatWasSent() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let client = StreamingClient(url: server.url(path: "/events"))
            defer { client.invalidate() }
            writer.send(TestServerSentEvent(data: "only"))
            try await waitUntil { client.text == "data: only\n\n" }
            writer.abort()
            try await waitUntil { client.isComplete }
            #expect(client.error is URLError)
        }
    }

    @Test func oversizedHeadersAre431AndNotRecorded() async throws {
        try await withTestHTTPServer(limits: .init(maxHeaderBytes: 1024), { _ in .text("ok") }) { server in
            var request = URLRequest(url: server.url(path: "/h"), timeoutInterval: 10)
            request.setValue(String(repeating: "x", count: 4096), forHTTPHeaderField: "X-Big")
            let (_, response) = try await fetch(request)
            #expect(response.statusCode == 431)
            #expect(server.requests.isEmpty)

            let (_, small) = try await fetch(server.url(path: "/h"))  // under the limit: served
            #expect(small.statusCode == 200)
        }
    }

    @Test func oversizedBodiesAre413AndNotRecorded() async throws {
        try await withTestHTTPServer(limits: .init(maxBodyBytes: 1024), { _ in .text("ok") }) { server in
            var request = URLRequest(url: server.url(path: "/b"), timeoutInterval: 10)
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 65, count: 4096)
            let (_, response) = try await fetch(request)
            #expect(response.statusCode == 413)

            let chunked =
                "POST /b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "400\r\n" + String(repeating: "a", count: 1024) + "\r\n1\r\nb\r\n0\r\n\r\n"
            let answer = try #require(await rawExchange(port: server.port, Array(chunked.utf8)))
            #expect(answer.hasPrefix("HTTP/1.1 413 Content Too Large\r\n"))
            #expect(server.requests.isEmpty)

            request.httpBody = Data(repeating: 65, count: 1024)  // at the limit: served
            #expect(try await fetch(request).1.statusCode == 200)
            #expect(server.requests.count == 1)
        }
    }

    @Test func aMalformedRequestIs400() async throws {
        try await withTestHTTPServer({ _ in .text("ok") }) { server in
            let answer = try #require(await rawExchange(port: server.port, Array("NONSENSE\r\n\r\n".utf8)))
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(server.requests.isEmpty)
        }
    }

    @Test func itListensOnLoopbackOnly() async throws {
        try await withTestHTTPServer({ _ in .text("ok") }) { server in
            let bound = try server.boundAddress()
            #expect(bound.host == "127.0.0.1")
            #expect(bound.port == server.port)
            let get = Array("GET / HTTP/1.1\r\n\r\n".utf8)
            #expect(await rawExchange(host: "127.0.0.1", port: server.port, get) != nil)
            // Another loopback address (routed to `lo` on Linux, unassigned on macOS) does not reach it.
            await #expect(throws: URLError.self) {
                _ = try await fetch(URL(string: "http://127.0.0.2:\(server.port)/")!, timeout: 3)
            }
        }
    }

    @Test func severalConnectionsAreServedConcurrently() async throws {
        let writers = [TestHTTPStreamWriter(), TestHTTPStreamWriter()]
        try await withTestHTTPServer({ request in
            switch request.lastPathComponent {
            case "0": .stream(writers[0], headers: Self.plainText)
            case "1": .stream(writers[1], headers: Self.plainText)
            default: .text("quick")
            }
        }) { server in
            let clients = [StreamingClient(url: server.url(path: "/0")), StreamingClient(url: server.url(path: "/1"))]
            defer { for client in clients { client.invalidate() } }
            writers[1].write("b")
            writers[0].write("a")
            try await waitUntil { clients[0].text == "a" && clients[1].text == "b" }
            #expect(server.openConnectionCount >= 2)
            let (data, _) = try await fetch(server.url(path: "/other"))  // served while both streams are open
            #expect(String(decoding: data, as: UTF8.self) == "quick")
            for writer in writers { writer.finish() }
            try await waitUntil { clients.allSatisfy(\.isComplete) }
            #expect(clients.allSatisfy { $0.error == nil })
            try await waitUntil { server.openConnectionCount == 0 }
        }
    }

    @Test func connectionsBeyondTheLimitWaitForAFreeSlot() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer(limits: TestHTTPServer.Limits(maxConnections: 1)) { request in
            request.lastPathComponent == "hold" ? .stream(writer, headers: Self.plainText) : .text("quick")
        } body: { server in
            let holder = StreamingClient(url: server.url(path: "/hold"))
            defer { holder.invalidate() }
            writer.write("a")
            try await waitUntil { holder.text == "a" }
            let waiting = Task { try await fetch(server.url(path: "/quick"), timeout: 20) }
            // Not accepted while the only slot is taken: never read, so never recorded.
            try await Task.sleep(for: .milliseconds(500))
            #expect(server.openConnectionCount == 1)
            #expect(server.requests.map(\.path) == ["/hold"])
            writer.finish()
            let (data, _) = try await waiting.value
            #expect(String(decoding: data, as: UTF8.self) == "quick")
            #expect(server.requests.map(\.path) == ["/hold", "/quick"])
        }
        #expect(TestHTTPServer.Limits(maxConnections: 0).maxConnections == 1)
        #expect(TestHTTPServer.Limits().maxConnections == 64)
    }

    @Test func stopEndsOpenStreamsAndPausesAndIsSafeTwice() async throws {
        let writer = TestHTTPStreamWriter()
        let server = try TestHTTPServer.start { request in
            request.lastPathComponent == "late"
                // Longer than any stall of a parallel suite: only `close()` may end this answer.
                ? TestHTTPResponse.json("{}").delayed(by: .seconds(3_600))
                : .stream(writer, headers: Self.plainText)
        }
        let streaming = StreamingClient(url: server.url(path: "/stream"))
        let late = StreamingClient(url: server.url(path: "/late"))
        defer {
            streaming.invalidate()
            late.invalidate()
        }
        writer.write("x")
        try await waitUntil { streaming.text == "x" && server.requests.count == 2 }

        await server.close()
        #expect(server.isStopped)
        #expect(server.openConnectionCount == 0)
        try await waitUntil { streaming.isComplete && late.isComplete }
        #expect(streaming.error is URLError)
        #expect(late.error is URLError)

        server.stop()  // again: nothing happens
        #expect(server.isStopped)
        #expect(throws: TestHTTPServerError.self) { try server.boundAddress() }
    }

    @Test func droppingTheServerStopsIt() async throws {
        let writer = TestHTTPStreamWriter()
        var server: TestHTTPServer? = try TestHTTPServer.start { _ in .stream(writer, headers: Self.plainText) }
        let client = StreamingClient(url: try #require(server).url(path: "/s"))
        defer { client.invalidate() }
        writer.write("x")
        try await waitUntil { client.text == "x" }
        server = nil  // deinit stops it: the open stream is cut
        try await waitUntil { client.isComplete }
        #expect(client.error is URLError)
    }
}
