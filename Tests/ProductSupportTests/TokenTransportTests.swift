// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation
import Testing

/// Where tokens may travel (`TokenTransport`): over HTTPS, or to a loopback host read as an address or a
/// `localhost` name, never as a prefix.
@Suite("Token transport")
struct TokenTransportTests {
    @Test(arguments: [
        "https://example.com/f", "http://127.0.0.1:5001/f", "http://127.8.9.10/f", "http://localhost/f",
        "http://LOCALHOST:1/f", "http://[::1]:5001/f", "HTTPS://example.com/f", "http://api.localhost/f",
    ])
    func tokensAreAllowedTo(url: String) throws {
        #expect(TokenTransport.allowsTokens(to: try #require(URL(string: url))))
    }

    @Test(arguments: [
        "http://example.com/f", "http://10.0.2.2:5001/f", "http://128.0.0.1/f", "http://127.0.0.1.example.com/f",
        "http://127.evil.example/f", "ftp://localhost.example/f", "http://192.168.1.2/f", "http://127.0.0/f",
        "http://0.0.0.0:9199/f",
    ])
    func tokensAreRefusedTo(url: String) throws {
        #expect(!TokenTransport.allowsTokens(to: try #require(URL(string: url))))
    }

    @Test func allowingInsecureLetsThemGoAnywhere() throws {
        let url = try #require(URL(string: "http://192.168.1.2:9199/f"))
        #expect(TokenTransport.allowsTokens(to: url, allowingInsecure: true))
    }

    @Test func theRefusalNamesTheHostAndTheWayOut() {
        let message = TokenTransport.refusalMessage(host: "10.0.2.2")
        #expect(message.contains("10.0.2.2"))
        #expect(message.contains("allowInsecureTokenAttachment"))
    }
}
