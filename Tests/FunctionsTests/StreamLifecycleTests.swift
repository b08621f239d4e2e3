// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// A streaming call does not outlive its app: deleting the app finishes it with `cancelled` and closes its
/// connection, and a stream started afterwards finishes at once.
@Suite("Functions: streams end with their app", .timeLimit(.minutes(3)))
struct StreamLifecycleTests {
    @Test func deletingTheAppFinishesAnOpenStreamAndClosesItsConnection() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
            let app = try makeFunctionsApp()
            let functions = try Functions.functions(app: app)
            functions.useEmulator(withHost: "127.0.0.1", port: server.port)
            let received = Locked<[JSONStreamResponse]>([])
            let consumer = Task {
                for try await element in functions.httpsCallable("gen").stream() {
                    received.withLock { $0.append(element) }
                }
            }
            writer.send(TestServerSentEvent(data: #"{"message":1}"#))
            try await waitUntil { received.withLock { $0.count } == 1 }
            await app.delete()
            let outcome = try await result(of: consumer)
            #expect(throws: FunctionsError(.cancelled, message: "The app was deleted.")) { try outcome.get() }
            // The server notices a closed connection when it next writes to it.
            try await waitUntil {
                writer.send(TestServerSentEvent(data: #"{"message":2}"#))
                return server.openConnectionCount == 0
            }
        }
    }

    @Test func aStreamStartedAfterTheAppWasDeletedFinishesAtOnce() async throws {
        let app = try makeFunctionsApp()
        let functions = try Functions.functions(app: app)
        await app.delete()
        let consumer = Task { for try await _ in functions.httpsCallable("gen").stream() {} }
        let outcome = try await result(of: consumer)
        #expect(throws: FunctionsError(.cancelled, message: "The app was deleted.")) { try outcome.get() }
    }
}

/// A streaming call whose server writes faster than the caller reads holds at most
/// `CallableStreamParser.maximumUnreadSize` bytes of unread events (lowered to 1 MiB here, so that the test moves
/// little data): past it the stream ends with `resourceExhausted` and the connection is closed, instead of memory
/// growing with everything the server sends. (`StreamMemoryTests` measures the default limit's memory.)
@Suite("Functions: a stream's unread data is bounded", .timeLimit(.minutes(3)))
struct StreamBufferTests {
    @Test func aServerOutpacingTheReaderIsCutOffAtTheUnreadLimit() async throws {
        // Lines of 1 KiB (`data: {"message":"xxx…"}`), 64 per chunk, 16,384 chunks 8 ms apart: 1 GiB over 130 s
        // or more, so that the client's close lands before the end even when the parallel suite stalls the process
        // for tens of seconds (8 s of sending was not always enough); a passing test ends at the close, after about
        // 1 MiB.
        let line = #"data: {"message":""# + String(repeating: "x", count: 1000) + "\"}\n"
        let chunk = Data(String(repeating: line, count: 64).utf8)
        let body = OversizedBody(chunk: chunk, count: 16_384, pause: .milliseconds(8))
        let limit = 1 << 20
        try await withTestHTTPServer({ _ in body.response(headers: [:], eventStream: true) }) { server in
            let app = try makeFunctionsApp()
            let functions = try Functions.functions(app: app)
            functions.maximumUnreadStreamSize.withLock { $0 = limit }
            functions.useEmulator(withHost: "127.0.0.1", port: server.port)
            var elements = functions.httpsCallable("gen").stream().makeAsyncIterator()
            _ = try await elements.next()  // the stream runs; from now on nothing is read until the cut
            let cutOff = try await body.wasCutOff(on: server)
            #expect(cutOff)  // the client closed the connection before the end
            var read = 1
            let error = await #expect(throws: FunctionsError.self) {
                while try await elements.next() != nil { read += 1 }
            }
            #expect(error?.code == .resourceExhausted)
            #expect(error?.message == CallableStreamParser.unreadLimitError(limit).message)
            #expect(read * line.utf8.count <= limit + 3 * line.utf8.count)  // the limit waited, and the first read
            await app.delete()
        }
    }
}
