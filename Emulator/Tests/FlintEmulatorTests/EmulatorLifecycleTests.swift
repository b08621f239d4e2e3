// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintEmulator
import Foundation
import Testing

@Suite("Emulator lifecycle: ports, ready lines, stop")
struct EmulatorLifecycleTests {
    @Test func portZeroPicksFreePortsAndReportsThem() async throws {
        let lines = LineLog()
        let emulator = try await FlintEmulator.start(configuration: .ephemeral(), log: lines.append)
        let auth = try #require(emulator.endpoints[.auth])
        let database = try #require(emulator.endpoints[.database])
        let functions = try #require(emulator.endpoints[.functions])
        #expect(auth.port > 0 && database.port > 0 && auth.port != database.port)
        #expect(functions.port > 0 && ![auth.port, database.port].contains(functions.port))
        #expect(lines.lines.contains("functions ready at http://127.0.0.1:\(functions.port)"))
        #expect(lines.lines.contains("auth ready at http://127.0.0.1:\(auth.port)"))
        #expect(lines.lines.contains("database ready at http://127.0.0.1:\(database.port)"))
        try await emulator.stop()
        // The listener is closed: a new request is refused.
        await #expect(throws: (any Error).self) {
            _ = try await RawHTTP.send("GET", auth.url)
        }
    }

    @Test func onlyServesTheChosenServices() async throws {
        try await withEmulator(.ephemeral(services: [.auth])) { emulator in
            #expect(emulator.endpoints.keys.sorted() == [.auth])
            #expect(emulator.databaseBackend == nil)
            #expect(emulator.functionsBackend == nil)
        }
    }

    @Test func aPortInUseFailsToStart() async throws {
        try await withEmulator(.ephemeral(services: [.auth])) { emulator in
            let taken = try #require(emulator.endpoints[.auth]).port
            await #expect(throws: EmulatorStartError.self) {
                _ = try await FlintEmulator.start(
                    configuration: EmulatorConfiguration(services: [.auth], ports: [.auth: taken]), log: { _ in })
            }
        }
    }

    @Test func aNonLoopbackHostIsWarnedAbout() async throws {
        let lines = LineLog()
        var configuration = EmulatorConfiguration.ephemeral(services: [.auth])
        configuration.host = "0.0.0.0"
        let emulator = try await FlintEmulator.start(configuration: configuration, log: lines.append)
        try await emulator.stop()
        #expect(lines.lines.first?.hasPrefix("warning: listening on 0.0.0.0") == true)
    }
}

/// Collects log lines.
final class LineLog: Sendable {
    private let storage = Locked<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    var append: @Sendable (String) -> Void { { line in self.storage.withLock { $0.append(line) } } }
}
