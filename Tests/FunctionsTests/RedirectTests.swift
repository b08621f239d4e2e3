// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// A redirect answer must not carry a call (and its ID token) to another host: Functions' sessions refuse
/// redirects, and the 3xx answer is an error.
@Suite("Functions: redirects are not followed", .timeLimit(.minutes(3)))
struct RedirectTests {
    @Test func aCallIsNotRedirectedToAnotherServer() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"result":"stolen"}"#) }) { elsewhere in
            try await withTestHTTPServer({ request in
                TestHTTPResponse(status: 307, headers: ["Location": elsewhere.url(path: request.path).absoluteString])
            }) { server in
                let app = try makeFunctionsApp(overrides: FakeAuth(userID: "alice", token: "alice-token").components)
                let functions = try Functions.functions(app: app)
                functions.useEmulator(withHost: "127.0.0.1", port: server.port)
                await #expect(throws: FunctionsError.self) { try await functions.httpsCallable("echo").call(["x": 1]) }
                #expect(server.requests.count == 1)
                #expect(elsewhere.requests.isEmpty)
            }
        }
    }

    @Test func aStreamIsNotRedirectedToAnotherServer() async throws {
        try await withTestHTTPServer({ _ in .eventStream([TestServerSentEvent(data: #"{"result":1}"#)]) }) {
            elsewhere in
            try await withTestHTTPServer({ request in
                TestHTTPResponse(status: 307, headers: ["Location": elsewhere.url(path: request.path).absoluteString])
            }) { server in
                let app = try makeFunctionsApp(overrides: FakeAuth(userID: "alice", token: "alice-token").components)
                let functions = try Functions.functions(app: app)
                functions.useEmulator(withHost: "127.0.0.1", port: server.port)
                await #expect(throws: FunctionsError.self) {
                    for try await _ in functions.httpsCallable("gen").stream(["n": 1]) {}
                }
                #expect(elsewhere.requests.isEmpty)
            }
        }
    }
}
