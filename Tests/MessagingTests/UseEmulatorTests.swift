// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("useEmulator's host and port")
struct UseEmulatorTests {
    /// `useEmulator(withHost:port:)` on `messaging` refuses `host`/`port` with `invalidRequest` naming them, and
    /// leaves the instance on its app's backend.
    private func expectRefused(_ host: String, port: Int = 9_000, naming name: String) throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let error = #expect(throws: MessagingError.self) { try messaging.useEmulator(withHost: host, port: port) }
        #expect(error?.code == .invalidRequest)
        #expect(error?.message.contains(name) == true)
        #expect(messaging.emulatorOrigin == nil)
        #expect(messaging.localBackend != nil)
    }

    @Test func aHostWithASchemeIsRefused() throws {
        try expectRefused("http://evil.example", naming: "http://evil.example")
        try expectRefused("https://127.0.0.1", naming: "https://127.0.0.1")
        // The old code pasted a host starting with `http` in as is: this one changed the request's host.
        try expectRefused("http://evil.example:80/", naming: "evil.example")
    }

    @Test func aHostWithAPathIsRefused() throws {
        try expectRefused("evil.example/x", naming: "evil.example/x")
        try expectRefused("127.0.0.1/../v1", naming: "127.0.0.1/../v1")
    }

    @Test func aHostWithAUserIsRefused() throws {
        // `http://127.0.0.1@evil.example:9000` would send the requests to evil.example.
        try expectRefused("127.0.0.1@evil.example", naming: "127.0.0.1@evil.example")
    }

    @Test func aHostWithSpacesQueriesOrNothingIsRefused() throws {
        try expectRefused("local host", naming: "local host")
        try expectRefused(" 127.0.0.1", naming: "127.0.0.1")
        try expectRefused("host?q=1", naming: "host?q=1")
        try expectRefused("host#f", naming: "host#f")
        try expectRefused("", naming: "host")
    }

    @Test func aPortOutOfRangeIsRefused() throws {
        for port in [0, -1, 65_536, Int.max] {
            try expectRefused("127.0.0.1", port: port, naming: "\(port)")
        }
    }

    @Test func plainHostsAndAddressesAreAccepted() throws {
        for (host, origin) in [
            ("127.0.0.1", "http://127.0.0.1:9000"),
            ("localhost", "http://localhost:9000"),
            ("::1", "http://[::1]:9000"),
            ("[::1]", "http://[::1]:9000"),
            ("emulator-host.internal", "http://emulator-host.internal:9000"),
        ] {
            let messaging = try Messaging.messaging(app: makeMessagingApp())
            try messaging.useEmulator(withHost: host, port: 9_000)
            #expect(messaging.emulatorOrigin == origin)
            #expect(messaging.localBackend == nil)
        }
    }

    @Test func anAcceptedHostIsWhereTheRequestsGo() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"server-token"}"#) }) { server in
            let messaging = try Messaging.messaging(app: makeMessagingApp())
            try messaging.useEmulator(withHost: server.host, port: server.port)
            #expect(try await messaging.token() == "server-token")
            #expect(server.requests.count == 1)
        }
    }
}
