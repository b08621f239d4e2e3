// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintEmulator
import FlintTesting
import Foundation
import NIOCore
import NIOPosix
import Testing

/// Bytes that are not HTTP: the connection gets `400 Bad Request` and is closed (the HTTP layer answers before any
/// service sees a request, so the answer has no body), and the emulator goes on serving.
@Suite("Malformed HTTP")
struct MalformedHTTPTests {
    /// Sends `bytes` on a new connection and returns everything received until the server closes it.
    private func exchange(_ bytes: [UInt8], port: Int) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try? await outbound.write(ByteBuffer(bytes: bytes))
            var received = ""
            do {
                for try await chunk in inbound { received += String(buffer: chunk) }
            } catch {
                // A reset after the answer: what arrived is the answer.
            }
            return received
        }
    }

    @Test(arguments: [
        Array("NOT HTTP AT ALL\r\n\r\n".utf8),
        Array("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".utf8),
        Array("GET /\(String(repeating: "a", count: 200_000)) HTTP/1.1\r\n\r\n".utf8),
        (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) },
    ])
    func garbageGetsABadRequestAndTheEmulatorGoesOn(bytes: [UInt8]) async throws {
        try await withEmulator(.ephemeral(services: [.auth, .database])) { emulator in
            for service in [EmulatorConfiguration.Service.auth, .database] {
                let answer = try await value(
                    of: Task { try await exchange(bytes, port: emulator.endpoints[service]!.port) })
                #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
                let after = try await RawHTTP.send("GET", emulator.url(service, "/"))
                #expect(after.status < 500)
            }
        }
    }
}
