// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// A redirect answer must not carry a request (and its API key, password or tokens) to another host.
@Suite("Auth over REST: redirects are not followed", .timeLimit(.minutes(3)))
struct RESTAuthRedirectTests {
    @Test func aSignInIsNotRedirectedToAnotherServer() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { elsewhere in
            try await withTestHTTPServer({ request in
                TestHTTPResponse(status: 307, headers: ["Location": elsewhere.url(path: request.path).absoluteString])
            }) { server in
                let auth = try Auth.auth(app: TestApp.make(libraries: [AuthLibrary.self]))
                auth.useEmulator(withHost: server.host, port: server.port)
                await #expect(throws: AuthErrorCode.self) {
                    try await auth.signIn(withEmail: "alice@example.com", password: "secret-1")
                }
                #expect(server.requests.count == 1)
                #expect(elsewhere.requests.isEmpty)
            }
        }
    }
}
