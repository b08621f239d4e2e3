// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// A redirect answer must not carry the debug token and API key to another host.
@Suite("App Check exchange: redirects are not followed", .timeLimit(.minutes(3)))
struct AppCheckRedirectTests {
    @Test func anExchangeIsNotRedirectedToAnotherServer() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"stolen","ttl":"3600s"}"#) }) { elsewhere in
            try await withTestHTTPServer({ request in
                TestHTTPResponse(status: 307, headers: ["Location": elsewhere.url(path: request.path).absoluteString])
            }) { server in
                let provider = AppCheckDebugProvider(
                    exchangingWith: try TestApp.make(),
                    endpoint: .emulator(host: server.host, port: server.port),
                    debugToken: "debug-secret", environment: [:])
                await #expect(throws: AppCheckError.self) { try await provider.getToken() }
                #expect(server.requests.count == 1)
                #expect(elsewhere.requests.isEmpty)
            }
        }
    }
}
