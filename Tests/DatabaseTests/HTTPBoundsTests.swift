// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// ``HTTPDatabaseBackend``'s bounds: its `requestTimeout` for a whole request, its app's life, and the size of an
/// event of a listen's stream as it arrives.
@Suite("Database over REST: bounded requests and events")
struct HTTPBoundsTests {
    /// The default database of a new app pointed at `server` by `useEmulator`, or (with `requestTimeout`) whose
    /// backend is an ``HTTPDatabaseBackend`` at `server` with that timeout.
    private func database(_ server: TestHTTPServer, requestTimeout: TimeInterval? = nil) throws -> (FlintApp, Database)
    {
        let sleeps = SleepLog()
        let backend = requestTimeout.map {
            HTTPDatabaseBackend(emulatorOrigin: URL(string: server.origin), requestTimeout: $0, sleep: sleeps.sleep)
        }
        let app = try TestApp.make(
            libraries: [DatabaseLibrary.self],
            overrides: backend.map { [.instance($0, as: DatabaseBackend.self)] } ?? [])
        let db = try Database.database(app: app)
        if backend == nil { try db.useEmulator(withHost: server.host, port: server.port, sleep: sleeps.sleep) }
        return (app, db)
    }

    @Test func aDribbledAnswerFailsTheReadAtTheRequestTimeout() async throws {
        let answer = Data(String(repeating: " ", count: 3000).utf8)  // a byte per 100 ms: 300 s
        try await withTestHTTPServer({ _ in .slowBody(answer, pause: .milliseconds(100)) }) { server in
            let (_, db) = try database(server, requestTimeout: 0.5)
            let read = Task { try await db.reference(withPath: "a").getData() }
            let error = await #expect(throws: DatabaseError.self) { try await value(of: read) }
            #expect(error?.code == .unavailable)
            try await waitUntil { server.openConnectionCount == 0 }  // the request was cancelled
        }
    }

    @Test func deletingTheAppEndsAReadInFlight() async throws {
        try await withTestHTTPServer({ _ in TestHTTPResponse.json("1").delayed(by: .seconds(300)) }) { server in
            let (app, db) = try database(server)
            let read = Task { try await db.reference(withPath: "a").getData() }
            try await waitUntil { server.requests.count == 1 }
            await app.delete()
            let error = await #expect(throws: DatabaseError.self) { try await value(of: read) }
            #expect(error?.code == .unavailable)
        }
    }

    @Test func anEventPastItsLimitEndsTheListenAndClosesTheConnection() async throws {
        // 64 lines of `data: xxx…` (1 KiB each) per chunk, up to 61,440 chunks 2 ms apart (about 2 minutes, longer
        // than any stall of the parallel suite; the limit is 16 MiB), and never the blank line that ends the event.
        let line = "data: " + String(repeating: "x", count: 1017) + "\n"
        let body = OversizedBody(
            chunk: Data(String(repeating: line, count: 64).utf8), count: 61_440, pause: .milliseconds(2))
        try await withTestHTTPServer({ _ in body.response(headers: [:], eventStream: true) }) { server in
            let (app, db) = try database(server)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["error unknown"])
            let cutOff = try await body.wasCutOff(on: server)
            #expect(cutOff)  // the client closed the connection before the end
            await app.delete()
        }
    }

    @Test func aListenWhoseServerNeverAnswersReconnectsAtItsResponseTimeout() async throws {
        // The server takes every connection and never sends the response's head.
        let silent = TestHTTPResponse.json("{}").delayed(by: .seconds(300))
        try await withTestHTTPServer({ _ in silent }) { server in
            let sleeps = SleepLog()
            let backend = HTTPDatabaseBackend(
                emulatorOrigin: URL(string: server.origin), listenResponseTimeout: 0.2, sleep: sleeps.sleep)
            let app = try TestApp.make(
                libraries: [DatabaseLibrary.self], overrides: [.instance(backend, as: DatabaseBackend.self)])
            let db = try Database.database(app: app)
            db.reference(withPath: "a").log([.value], into: EventLog())
            try await waitUntil { server.requests.count >= 3 }  // dropped at the timeout, connected again
            #expect(sleeps.all.prefix(2) == [.seconds(1), .seconds(2)])  // after the backoff of any failure
            #expect(server.requests.allSatisfy { $0.headers["Accept"] == "text/event-stream" })
            await app.delete()
        }
    }

    @Test func theListenResponseTimeoutIsThirtySecondsByDefault() {
        #expect(HTTPDatabaseBackend().listenResponseTimeout == 30)
        #expect(HTTPDatabaseBackend.defaultListenResponseTimeout == 30)
    }
}
