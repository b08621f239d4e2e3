// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// ``HTTPMessagingBackend``'s bounds: its `timeout` for a whole request, its answers' size as they arrive, and its
/// app's life.
@Suite("The HTTP backend's bounds")
struct HTTPBoundsTests {
    /// The instance of an app whose backend is an ``HTTPMessagingBackend`` at `server` with `timeout`.
    private func messaging(at server: TestHTTPServer, timeout: TimeInterval = 60) throws -> (FlintApp, Messaging) {
        let backend = HTTPMessagingBackend(origin: server.url(path: "/"), timeout: timeout)
        let app = try makeMessagingApp(overrides: [MessagingLibrary.backend(backend)])
        return (app, try Messaging.messaging(app: app))
    }

    @Test func aDribbledAnswerFailsTheRequestAtItsTimeout() async throws {
        // A token answer dribbled a byte per 100 ms: about 300 s (longer than any stall of the parallel suite, which
        // once let a 5 s answer finish before the 0.5 s deadline fired), each byte well within an idle timeout.
        let answer = Data(
            (#"{"token":"dribbled-token-that-takes-a-while""# + String(repeating: " ", count: 3000) + "}").utf8)
        try await withTestHTTPServer({ _ in .slowBody(answer, pause: .milliseconds(100)) }) { server in
            let (_, messaging) = try messaging(at: server, timeout: 0.5)
            let token = Task { try await messaging.token() }
            let error = await #expect(throws: MessagingError.self) { try await value(of: token) }
            #expect(error?.code == .timeout)
            #expect(messaging.fcmToken == nil)
        }
    }

    @Test func anAnswerPastItsLimitIsCutOffAsItArrives() async throws {
        let body = OversizedBody(pause: .milliseconds(10))  // up to 1.5 GiB over about 4 minutes; the limit is 64 KiB
        try await withTestHTTPServer({ _ in body.response() }) { server in
            let error = await #expect(throws: MessagingError.self) { try await messaging(at: server).1.token() }
            #expect(error?.code == .unknown)
            let cutOff = try await body.wasCutOff(on: server)
            #expect(cutOff)  // the client closed the connection before the end
        }
    }

    @Test func deletingTheAppEndsTheRequestInFlight() async throws {
        try await withTestHTTPServer({ _ in TestHTTPResponse.json(#"{"token":"late"}"#).delayed(by: .seconds(300)) }) {
            server in
            let (app, messaging) = try messaging(at: server)
            let token = Task { try await messaging.token() }
            try await waitUntil { server.requests.count == 1 }
            await app.delete()
            let error = await #expect(throws: MessagingError.self) { try await value(of: token) }
            #expect(error?.code == .unknown)
        }
    }
}
