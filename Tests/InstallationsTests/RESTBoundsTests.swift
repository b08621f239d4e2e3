// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

/// ``RESTInstallationsBackend``'s bounds: its `timeout` for a whole request, its answers' size as they arrive, and
/// its app's life.
@Suite struct RESTBoundsTests {
    /// The instance of an app whose backend is a ``RESTInstallationsBackend`` at `server` with `timeout`.
    private func installations(at server: TestHTTPServer, timeout: TimeInterval = 60) throws -> (
        FlintApp, Installations
    ) {
        let backend = RESTInstallationsBackend(
            origin: server.url(path: "/"), projectID: "flint-test", apiKey: "key", timeout: timeout)
        let app = try makeInstallationsApp(backend: backend)
        return (app, try Installations.installations(app: app))
    }

    @Test func aDribbledAnswerFailsTheRequestAtItsTimeout() async throws {
        let answer = Data(String(repeating: " ", count: 3000).utf8)  // a byte per 100 ms: 300 s
        try await withTestHTTPServer({ _ in .slowBody(answer, pause: .milliseconds(100)) }) { server in
            let (_, installations) = try installations(at: server, timeout: 0.5)
            let token = Task { try await installations.authToken() }
            let error = await #expect(throws: InstallationsError.self) {
                try await value(of: token)
            }
            #expect(error?.code == .serverUnreachable)
            try await waitUntil { server.openConnectionCount == 0 }  // the request was cancelled
        }
    }

    @Test func anAnswerPastItsLimitIsCutOffAsItArrives() async throws {
        let body = OversizedBody(pause: .milliseconds(10))  // up to 1.5 GiB over about 4 minutes; the limit is 1 MiB
        try await withTestHTTPServer({ _ in body.response() }) { server in
            let (_, installations) = try installations(at: server)
            let error = await #expect(throws: InstallationsError.self) { try await installations.authToken() }
            #expect(error?.code == .serverUnreachable)
            let cutOff = try await body.wasCutOff(on: server)
            #expect(cutOff)  // the client closed the connection before the end
        }
    }

    @Test func deletingTheAppEndsTheRequestInFlight() async throws {
        try await withTestHTTPServer({ _ in TestHTTPResponse.json("{}").delayed(by: .seconds(300)) }) { server in
            let (app, installations) = try installations(at: server)
            let token = Task { try await installations.authToken() }
            try await waitUntil { server.requests.count == 1 }
            await app.delete()
            let error = await #expect(throws: InstallationsError.self) {
                try await value(of: token)
            }
            #expect(error?.code == .serverUnreachable)
        }
    }
}
