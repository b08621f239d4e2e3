// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// Streaming handlers of the embedded backend (`LocalFunctionsBackend.register(name:streamHandler:)`), called
/// through the app's default transport.
@Suite("Local streaming handlers", .timeLimit(.minutes(3)))
struct LocalStreamingTests {
    private func setUp(overrides: [Component] = []) throws -> (Functions, LocalFunctionsBackend) {
        let functions = try Functions.functions(app: makeFunctionsApp(overrides: overrides))
        return (functions, try #require(functions.localBackend))
    }

    private func elements(of stream: AsyncThrowingStream<JSONStreamResponse, any Error>) async throws
        -> [JSONStreamResponse]
    {
        var elements: [JSONStreamResponse] = []
        for try await element in stream { elements.append(element) }
        return elements
    }

    @Test func messagesThenTheResultWithTheCaller() async throws {
        let (functions, backend) = try setUp(
            overrides: FakeAuth(userID: "alice", token: idToken(uid: "alice")).components)
        backend.register(name: "count") { data, context, response in
            #expect(response.acceptsStreaming)
            for n in 1...(data.intValue ?? 0) { #expect(response.send(.int(n))) }
            return .string(context.auth?.uid ?? "nobody")
        }
        let received = try await elements(of: functions.httpsCallable("count").stream(3))
        #expect(received == [.message(1), .message(2), .message(3), .result("alice")])
    }

    @Test func aPlainCallOfAStreamHandlerGetsOnlyTheResult() async throws {
        let (functions, backend) = try setUp()
        backend.register(name: "count") { _, _, response in
            #expect(!response.acceptsStreaming)
            #expect(!response.send("dropped"))
            return "done"
        }
        #expect(try await functions.httpsCallable("count").call().data == "done")
    }

    @Test func aPlainHandlerStreamsItsResultOnly() async throws {
        let (functions, backend) = try setUp()
        backend.register(name: "plain") { data, _ in data }
        #expect(try await elements(of: functions.httpsCallable("plain").stream(["x": 1])) == [.result(["x": 1])])
    }

    @Test func aThrownErrorEndsTheStreamAfterTheMessagesSent() async throws {
        let (functions, backend) = try setUp()
        backend.register(name: "fail") { _, _, response in
            response.send("partial")
            throw FunctionsError(.resourceExhausted, message: "Out of tokens.", details: ["left": 0])
        }
        let received = Locked<[JSONStreamResponse]>([])
        let consumer = Task {
            for try await element in functions.httpsCallable("fail").stream() {
                received.withLock { $0.append(element) }
            }
        }
        let outcome = try await result(of: consumer)
        guard case .failure(let error) = outcome else {
            Issue.record("the stream did not fail")
            return
        }
        #expect(
            error as? FunctionsError
                == FunctionsError(.resourceExhausted, message: "Out of tokens.", details: ["left": 0]))
        #expect(received.withLock { $0 } == [.message("partial")])
    }

    /// firebase-functions' `onCall` answers a streaming request it refuses with `200` and the error as an event
    /// (https.ts: `if (req.header("accept") === "text/event-stream") res.send(encodeSSE(body))`).
    @Test func aRefusedStreamingRequestIsAnErrorEventOf200() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "f") { _, _, _ in "unreachable" }
        func body(of response: CallableStreamingResponse) async throws -> String {
            var data = Data()
            for try await chunk in response.body { data.append(chunk) }
            return String(decoding: data, as: UTF8.self)
        }
        let url = try #require(URL(string: "https://x/f"))
        let badToken = try await backend.stream(
            CallableRequest(
                url: url, headers: ["Content-Type": "application/json", "Authorization": "Bearer nonsense"],
                body: Data(#"{"data":null}"#.utf8), timeout: 1))
        #expect(badToken.statusCode == 200)
        #expect(
            try await body(of: badToken)
                == #"data: {"error":{"message":"Unauthenticated","status":"UNAUTHENTICATED"}}"# + "\n\n")
        let badBody = try await backend.stream(
            CallableRequest(url: url, headers: ["Content-Type": "application/json"], body: Data("{".utf8), timeout: 1))
        #expect(badBody.statusCode == 200)
        #expect(
            try await body(of: badBody)
                == #"data: {"error":{"message":"Bad Request","status":"INVALID_ARGUMENT"}}"# + "\n\n")
        let missing = try await backend.stream(
            CallableRequest(
                url: try #require(URL(string: "https://x/nope")), headers: ["Content-Type": "application/json"],
                body: Data(#"{"data":null}"#.utf8), timeout: 1))
        #expect(missing.statusCode == 404)
    }

    @Test func anUnknownFunctionIsNotFoundAndABadTokenUnauthenticated() async throws {
        let (functions, backend) = try setUp()
        await #expect(throws: FunctionsError(.notFound)) {
            _ = try await elements(of: functions.httpsCallable("nope").stream())
        }

        let (badAuth, badBackend) = try setUp(overrides: FakeAuth(userID: "x", token: "not-a-jwt").components)
        badBackend.register(name: "f") { _, _, _ in "unreachable" }
        await #expect(throws: FunctionsError(.unauthenticated, message: "Unauthenticated")) {
            _ = try await elements(of: badAuth.httpsCallable("f").stream())
        }
        _ = backend
    }

    @Test func cancellingTheConsumerCancelsTheHandler() async throws {
        let (functions, backend) = try setUp()
        let handlerCancelled = Gate()
        backend.register(name: "forever") { _, _, response in
            response.send("started")
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                handlerCancelled.open()
                throw error
            }
            return "never"
        }
        let started = Gate()
        let consumer = Task {
            for try await _ in functions.httpsCallable("forever").stream() { started.open() }
        }
        try await started.wait(timeout: defaultTestTimeout)
        consumer.cancel()
        try await handlerCancelled.wait(timeout: defaultTestTimeout)
        _ = try await result(of: consumer)
    }
}
