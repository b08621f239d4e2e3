// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// Streaming callables (`HTTPSCallable.stream`, `Callable.stream`) over HTTP against a real server on
/// 127.0.0.1 (`TestHTTPServer`), driven event by event with a `TestHTTPStreamWriter` where order matters.
@Suite("Streaming callables", .timeLimit(.minutes(3)))
struct StreamingTests {
    /// The default Functions of a new app (with `overrides`), pointed at `server`.
    private func emulated(_ server: TestHTTPServer, overrides: [Component] = []) throws -> Functions {
        let functions = try Functions.functions(app: makeFunctionsApp(overrides: overrides))
        functions.useEmulator(withHost: "127.0.0.1", port: server.port)
        return functions
    }

    private static func event(_ json: String) -> TestServerSentEvent {
        TestServerSentEvent(data: json)
    }

    /// Everything a stream yields, and how it ended.
    private final class Received: Sendable {
        private let state = Locked<(elements: [JSONStreamResponse], error: (any Error)?)>(([], nil))
        var elements: [JSONStreamResponse] { state.withLock { $0.elements } }
        var count: Int { elements.count }
        func append(_ element: JSONStreamResponse) { state.withLock { $0.elements.append(element) } }
    }

    /// Consumes `stream` on a new task, recording each element as it arrives.
    private func consume(
        _ stream: AsyncThrowingStream<JSONStreamResponse, any Error>,
        into received: Received
    ) -> Task<Void, any Error> {
        Task {
            for try await element in stream { received.append(element) }
        }
    }

    /// The FunctionsError a finished consumer threw; fails the test when it did not throw one.
    private func functionsError(of task: Task<Void, any Error>) async throws -> FunctionsError {
        let outcome = try await result(of: task)
        guard case .failure(let error) = outcome else {
            Issue.record("the stream did not fail")
            return FunctionsError(.ok)
        }
        return try #require(error as? FunctionsError)
    }

    @Test func messagesArriveOneByOneInOrderBeforeTheResult() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let received = Received()
            let consumer = consume(try emulated(server).httpsCallable("gen").stream(["n": 2]), into: received)
            writer.send(Self.event(#"{"message":"first"}"#))
            try await waitUntil { received.count == 1 }
            #expect(received.elements == [.message("first")])
            writer.send(
                Self.event(
                    #"{"message":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"9007199254740993"}}"#
                ))
            try await waitUntil { received.count == 2 }
            writer.send(Self.event(#"{"result":{"done":true}}"#))
            writer.finish()
            try await value(of: consumer)
            #expect(
                received.elements == [
                    .message("first"), .message(.int(9_007_199_254_740_993)), .result(["done": true]),
                ])
        }
    }

    @Test func theRequestIsTheCallableRequestAcceptingAnEventStream() async throws {
        try await withTestHTTPServer({ _ in .eventStream([Self.event(#"{"result":1}"#)]) }) { server in
            let overrides =
                FakeAuth(userID: "alice", token: "alice-token").components
                + FakeAppCheck(token: "app-check-token").components + FakeMessaging(fcmToken: "fcm-token").components
            var elements: [JSONStreamResponse] = []
            for try await element in try emulated(server, overrides: overrides).httpsCallable("gen").stream(["n": 1]) {
                elements.append(element)
            }
            #expect(elements == [.result(1)])
            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.method == "POST")
            #expect(request.path == "/flint-test/us-central1/gen")
            #expect(request.headers["accept"] == "text/event-stream")
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.headers["authorization"] == "Bearer alice-token")
            #expect(request.headers["x-firebase-appcheck"] == "app-check-token")
            #expect(request.headers["firebase-instance-id-token"] == "fcm-token")
            #expect(
                request.bodyText
                    == #"{"data":{"n":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"1"}}}"#)
        }
    }

    @Test func withoutAuthNoAuthorizationHeaderIsSent() async throws {
        try await withTestHTTPServer({ _ in .eventStream([Self.event(#"{"result":null}"#)]) }) { server in
            for try await _ in try emulated(server).httpsCallable("gen").stream() {}
            let request = try #require(server.requests.first)
            #expect(request.headers["authorization"] == nil)
            #expect(request.bodyText == #"{"data":null}"#)
        }
    }

    @Test func anErrorEventEndsTheStreamWithItsCodeMessageAndDetails() async throws {
        let events = [
            Self.event(#"{"message":"working"}"#),
            Self.event(#"{"error":{"status":"PERMISSION_DENIED","message":"No.","details":{"why":"quota"}}}"#),
        ]
        try await withTestHTTPServer({ _ in .eventStream(events) }) { server in
            let received = Received()
            let error = try await functionsError(
                of: consume(
                    try emulated(server).httpsCallable("gen").stream(),
                    into: received))
            #expect(error == FunctionsError(.permissionDenied, message: "No.", details: ["why": "quota"]))
            #expect(received.elements == [.message("working")])
        }
    }

    @Test(arguments: [
        (404, FunctionsErrorCode.notFound), (401, .unauthenticated), (503, .unavailable), (500, .internal),
    ])
    func anHttpErrorStatusFailsWithItsCode(status: Int, code: FunctionsErrorCode) async throws {
        try await withTestHTTPServer({ _ in .text("nope", status: status) }) { server in
            let error = try await functionsError(
                of: consume(
                    try emulated(server).httpsCallable("gen").stream(),
                    into: Received()))
            #expect(error.code == code)
        }
    }

    @Test func anHttpErrorWithAnErrorBodyUsesItsMessage() async throws {
        let body = #"{"error":{"status":"INVALID_ARGUMENT","message":"Bad prompt."}}"#
        try await withTestHTTPServer({ _ in .json(body, status: 400) }) { server in
            let error = try await functionsError(
                of: consume(
                    try emulated(server).httpsCallable("gen").stream(),
                    into: Received()))
            #expect(error == FunctionsError(.invalidArgument, message: "Bad prompt."))
        }
    }

    @Test(arguments: ["data: not json", "data: [1]", #"data: {"other":1}"#, "event: message", "garbage"])
    func aMalformedEventIsDataLoss(line: String) async throws {
        let body = Data("data: {\"message\":1}\n\n\(line)\n\n".utf8)
        try await withTestHTTPServer({ _ in
            .chunked([body], headers: ["Content-Type": "text/event-stream"])
        }) { server in
            let received = Received()
            let error = try await functionsError(
                of: consume(
                    try emulated(server).httpsCallable("gen").stream(),
                    into: received))
            #expect(error.code == .dataLoss)
            #expect(received.elements == [.message(1)])
        }
    }

    @Test func commentLinesAndCarriageReturnsAreAccepted() async throws {
        let body = Data(": keep-alive\r\n\r\ndata: {\"message\":1}\r\n\r\ndata: {\"result\":2}\r\n\r\n".utf8)
        try await withTestHTTPServer({ _ in
            .chunked([body], headers: ["Content-Type": "text/event-stream"])
        }) { server in
            var elements: [JSONStreamResponse] = []
            for try await element in try emulated(server).httpsCallable("gen").stream() { elements.append(element) }
            #expect(elements == [.message(1), .result(2)])
        }
    }

    /// A server that never ends its line cannot make the client buffer without bound: past 32 MiB the stream
    /// fails with dataLoss at once, without waiting for the line's end or the call's timeout.
    @Test func aLineLongerThanTheLimitIsDataLossAtOnce() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let received = Received()
            let callable = try emulated(server).httpsCallable("gen")
            // "At once": the call's own timeout is far beyond the test's bounded wait (`result(of:)`), so only
            // the line limit can end the stream in time; no wall-clock assertion (a parallel suite stalls).
            callable.timeoutInterval = 3_600
            let consumer = consume(callable.stream(), into: received)
            writer.send(Self.event(#"{"message":1}"#))
            writer.write("data: ")
            let piece = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0...(CallableStreamParser.maximumLineSize >> 20) { writer.write(piece) }
            let error = try await functionsError(of: consumer)
            #expect(error.code == .dataLoss)
            #expect(error.message == "Streamed event is larger than \(CallableStreamParser.maximumLineSize) bytes.")
            #expect(received.elements == [.message(1)])
            // The client closed the connection; the server notices when a write fails.
            try await waitUntil {
                writer.write("x")
                return server.openConnectionCount == 0
            }
        }
    }

    /// After an event that ends the stream (an error event, a malformed one), the client closes the connection
    /// even when the server keeps it open and keeps writing.
    @Test(arguments: [#"data: {"error":{"status":"NOT_FOUND","message":"gone"}}"#, "data: not json"])
    func anEventThatEndsTheStreamClosesTheConnection(line: String) async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let received = Received()
            let consumer = consume(try emulated(server).httpsCallable("gen").stream(), into: received)
            writer.send(Self.event(#"{"message":1}"#))
            writer.write(line + "\n\n")
            let error = try await functionsError(of: consumer)
            #expect(error.code == .notFound || error.code == .dataLoss)
            #expect(received.elements == [.message(1)])
            try await waitUntil {
                writer.send(Self.event(#"{"message":2}"#))
                return server.openConnectionCount == 0
            }
        }
    }

    @Test func theLineSplitterKeepsLinesUpToItsLimit() {
        var splitter = LineSplitter(maximumLineSize: 4)
        #expect(splitter.append(Data("ab".utf8)) == [])
        #expect(splitter.append(Data("cd\r".utf8)) == [])  // 4 bytes and a \r waiting for its \n
        #expect(splitter.append(Data("\nx\r\ny".utf8)) == [Data("abcd".utf8), Data("x".utf8)])
        #expect(splitter.finish() == Data("y".utf8))
        #expect(splitter.append(Data("abcde".utf8)) == nil)
        var other = LineSplitter(maximumLineSize: 4)
        #expect(other.append(Data("abcde\n".utf8)) == nil)
    }

    @Test func aConnectionClosedMidStreamIsDataLoss() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let received = Received()
            let consumer = consume(try emulated(server).httpsCallable("gen").stream(), into: received)
            writer.send(Self.event(#"{"message":1}"#))
            try await waitUntil { received.count == 1 }
            writer.abort()
            let error = try await functionsError(of: consumer)
            #expect(error.code == .dataLoss)
            #expect(received.elements == [.message(1)])
        }
    }

    @Test func aStreamEndingWithoutAResultIsDataLoss() async throws {
        try await withTestHTTPServer({ _ in .eventStream([Self.event(#"{"message":1}"#)]) }) { server in
            let received = Received()
            let error = try await functionsError(
                of: consume(
                    try emulated(server).httpsCallable("gen").stream(),
                    into: received))
            #expect(error == FunctionsError(.dataLoss, message: "Stream ended without a result."))
            #expect(received.elements == [.message(1)])
        }
    }

    @Test func cancellingTheConsumerClosesTheConnection() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let received = Received()
            let consumer = consume(try emulated(server).httpsCallable("gen").stream(), into: received)
            writer.send(Self.event(#"{"message":1}"#))
            try await waitUntil { received.count == 1 }
            #expect(server.openConnectionCount == 1)
            consumer.cancel()
            _ = try await result(of: consumer)
            // The server notices the closed connection when a write fails; keep writing until it does.
            try await waitUntil {
                writer.send(Self.event(#"{"message":2}"#))
                return server.openConnectionCount == 0
            }
            #expect(received.elements == [.message(1)])
        }
    }

    @Test func breakingOutOfTheLoopClosesTheConnection() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            writer.send(Self.event(#"{"message":1}"#))
            for try await element in try emulated(server).httpsCallable("gen").stream() {
                #expect(element == .message(1))
                break
            }
            try await waitUntil {
                writer.send(Self.event(#"{"message":2}"#))
                return server.openConnectionCount == 0
            }
        }
    }

    @Test func theTimeoutBoundsTheWholeStream() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let callable = try emulated(server).httpsCallable("gen")
            callable.timeoutInterval = 0.3
            let received = Received()
            let consumer = consume(callable.stream(), into: received)
            writer.send(Self.event(#"{"message":1}"#))
            let error = try await functionsError(of: consumer)
            #expect(error.code == .deadlineExceeded)
            try await waitUntil {
                writer.send(Self.event(#"{"message":2}"#))
                return server.openConnectionCount == 0
            }
        }
    }

    @Test func anUnreachableServerIsUnavailable() async throws {
        // Port 1 (tcpmux) on loopback: privileged and unused, so the connection is refused. (A port freed by a
        // stopped server could be handed to a parallel test's server in between.)
        let functions = try Functions.functions(app: makeFunctionsApp())
        functions.useEmulator(withHost: "127.0.0.1", port: 1)
        let error = try await functionsError(of: consume(functions.httpsCallable("gen").stream(), into: Received()))
        #expect(error.code == .unavailable)
    }

    // MARK: - Typed streams

    private struct Prompt: Encodable, Sendable { let text: String }
    private struct Chunk: Decodable, Sendable, Equatable { let part: String }
    private struct Answer: Decodable, Sendable, Equatable { let whole: String }

    @Test func aTypedStreamDecodesMessagesAndTheResult() async throws {
        let events = [
            Self.event(#"{"message":{"part":"a"}}"#), Self.event(#"{"message":{"part":"b"}}"#),
            Self.event(#"{"result":{"whole":"ab"}}"#),
        ]
        try await withTestHTTPServer({ _ in .eventStream(events) }) { server in
            let callable = try emulated(server).httpsCallable(
                "gen", requestAs: Prompt.self,
                responseAs: StreamResponse<Chunk, Answer>.self)
            var parts: [String] = []
            var answer: Answer?
            for try await response in try callable.stream(Prompt(text: "hi")) {
                switch response {
                case .message(let chunk): parts.append(chunk.part)
                case .result(let result): answer = result
                }
            }
            #expect(parts == ["a", "b"])
            #expect(answer == Answer(whole: "ab"))
            #expect(server.requests.first?.bodyText == #"{"data":{"text":"hi"}}"#)
        }
    }

    @Test func aTypedStreamOfAPlainResponseYieldsOnlyTheResult() async throws {
        let events = [Self.event(#"{"message":{"part":"a"}}"#), Self.event(#"{"result":{"whole":"ab"}}"#)]
        try await withTestHTTPServer({ _ in .eventStream(events) }) { server in
            let callable = try emulated(server).httpsCallable("gen", requestAs: Prompt.self, responseAs: Answer.self)
            var answers: [Answer] = []
            for try await answer in try callable.stream(Prompt(text: "hi")) { answers.append(answer) }
            #expect(answers == [Answer(whole: "ab")])
        }
    }

    // MARK: - httpsCallable(URL)

    @Test func aCallableByUrlCallsExactlyThatUrl() async throws {
        try await withTestHTTPServer({ request in
            request.headers["accept"] == "text/event-stream"
                ? .eventStream([Self.event(#"{"result":"streamed"}"#)])
                : .json(#"{"result":"called"}"#)
        }) { server in
            let functions = try Functions.functions(
                app: makeFunctionsApp(
                    overrides: [.instance(HTTPFunctionsTransport(), as: FunctionsTransport.self)]
                        + FakeAuth(userID: "u", token: "id").components))
            let callable = functions.httpsCallable(server.url(path: "/v1/projects/p/run/myFunction"))
            #expect(try await callable.call(1).data == "called")
            var elements: [JSONStreamResponse] = []
            for try await element in callable.stream() { elements.append(element) }
            #expect(elements == [.result("streamed")])
            #expect(server.requests.map(\.path) == ["/v1/projects/p/run/myFunction", "/v1/projects/p/run/myFunction"])
            #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer id", "Bearer id"])
        }
    }

    @Test func aCallableByUrlIgnoresTheEmulatorsPathButUsesHttp() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"result":true}"#) }) { server in
            let functions = try Functions.functions(app: makeFunctionsApp())
            functions.useEmulator(withHost: "127.0.0.1", port: 1)  // a URL reference does not go to the emulator
            let callable = functions.httpsCallable(
                server.url(path: "/direct"),
                requestAs: Int.self, responseAs: Bool.self)
            #expect(try await callable(1) == true)
            #expect(server.requests.map(\.path) == ["/direct"])
        }
    }

    @Test(arguments: [
        "ftp://example.com/f", "https://user:pw@example.com/f", "https://example.com/f?x=1",
        "https://example.com/f#frag", "https://example.com/a/../f", "https://example.com/f%2F",
        "https://example.com/", "https://example.com", "file:///tmp/f", "/relative/f",
    ])
    func aCallableByUrlRefusesUnsafeUrls(text: String) async throws {
        let url = try #require(URL(string: text))
        let transport = RecordingTransport()
        let auth = FakeAuth(userID: "u", token: "id")
        let functions = try functions(using: transport, overrides: auth.components)
        let callable = functions.httpsCallable(url)
        await #expect(throws: FunctionsError.self) { _ = try await callable.call() }
        do {
            _ = try await callable.call()
        } catch let error as FunctionsError {
            #expect(error.code == .invalidArgument)
        }
        let error = try await functionsError(of: consume(callable.stream(), into: Received()))
        #expect(error.code == .invalidArgument)
        #expect(transport.requests.isEmpty)
    }

    // MARK: - Transports without streaming

    @Test func aTransportWithoutStreamingFailsWithUnimplemented() async throws {
        let functions = try functions(using: RecordingTransport())
        let error = try await functionsError(of: consume(functions.httpsCallable("gen").stream(), into: Received()))
        #expect(error.code == .unimplemented)
    }
}
