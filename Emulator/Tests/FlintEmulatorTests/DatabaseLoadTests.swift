// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintEmulator
import FlintTesting
import Foundation
import NIOCore
import Testing

/// The Database service under load: 200 event-stream listeners open while many clients write over REST. Every
/// write is answered, every listener sees every write to its location, and no request fails.
///
/// By default the writes are scaled down (5 clients × 40 writes) so the suite stays quick;
/// `FLINT_EMULATOR_LOAD=full` runs the figure, 100 clients × 1,000 writes, and prints the time taken and
/// the growth of the process's peak resident set (Linux `VmHWM`; clients and emulator share the process).
@Suite("Database service under load")
struct DatabaseLoadTests {
    private static let full = ProcessInfo.processInfo.environment["FLINT_EMULATOR_LOAD"] == "full"
    private static let listeners = 200
    private static let clients = full ? 100 : 5
    private static let writesPerClient = full ? 1_000 : 40

    @Test func twoHundredListenersAndManyWritersComplete() async throws {
        let peakBefore = Self.peakResidentKilobytes()
        let started = ContinuousClock.now
        try await withEmulator(.ephemeral(services: [.database])) { emulator in
            let endpoint = emulator.endpoints[.database]!
            let (opened, openedContinuation) = AsyncStream.makeStream(of: Void.self)
            // Listener i watches client (i % clients)'s location: each write reaches listeners / clients streams.
            let listeners = (0..<Self.listeners).map { listener in
                Task {
                    try await RawHTTPConnection(host: endpoint.host, port: endpoint.port).run { exchange in
                        try await exchange.send(
                            .GET, "/load/c\(listener % Self.clients).json", headers: [("Accept", "text/event-stream")])
                        var events = 0
                        var partial = ""
                        let status = try await exchange.stream { chunk in
                            partial += String(buffer: chunk)
                            while let newline = partial.firstIndex(of: "\n") {
                                let line = partial[..<newline]
                                if line == "event: put" || line == "event: patch" {
                                    events += 1
                                    if events == 1 { openedContinuation.yield() }
                                }
                                partial.removeSubrange(...newline)
                            }
                            return events < 1 + Self.writesPerClient
                        }
                        return (status, events)
                    }
                }
            }
            // Each stream's first event (the location's value) before writing, so no write precedes a listen.
            _ = try await collect(Self.listeners, from: opened, timeout: .seconds(120))
            let listenersOpen = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<Self.clients {
                    group.addTask {
                        try await RawHTTPConnection(host: endpoint.host, port: endpoint.port).run { exchange in
                            for write in 0..<Self.writesPerClient {
                                try await exchange.send(
                                    .PUT, "/load/c\(client)/w\(write).json", body: "{\"n\":\(write)}")
                                let (status, _) = try await exchange.response()
                                guard status == 200 else {
                                    throw LoadFailure("write \(write) of client \(client) answered \(status)")
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let writesDone = ContinuousClock.now
            // Every listener sees its first event plus one put per write to its client's location.
            for listener in listeners {
                let (status, events) = try await value(of: listener, timeout: .seconds(300))
                #expect(status == 200)
                #expect(events == 1 + Self.writesPerClient)
            }
            let stored = try await RawHTTP.send("GET", emulator.url(.database, "/load.json?shallow=true"))
            #expect(stored.json.count == Self.clients)
            if Self.full {
                let growth = (Self.peakResidentKilobytes() - peakBefore) / 1024
                print(
                    "emulator load: \(Self.listeners) event streams open in \(listenersOpen - started); "
                        + "\(Self.clients) clients × \(Self.writesPerClient) writes in \(writesDone - listenersOpen) "
                        + "(\(Int(Double(Self.clients * Self.writesPerClient) / (writesDone - listenersOpen).seconds)) "
                        + "writes/s), every event delivered after \(ContinuousClock.now - writesDone); "
                        + "peak RSS growth \(growth) MiB")
            }
        }
    }

    /// `VmHWM` of /proc/self/status in kilobytes (0 where there is none).
    private static func peakResidentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }
}

/// A failed load request.
struct LoadFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
