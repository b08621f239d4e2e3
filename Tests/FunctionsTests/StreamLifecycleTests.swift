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
