// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The default database of a fresh private app (with the given fakes), pointed at `server` as its emulator.
func makeEmulatedDatabase(
    _ server: TestHTTPServer, auth: FakeAuth? = nil, appCheck: FakeAppCheck? = nil,
    sleeps: SleepLog = SleepLog()
) throws -> Database {
    let app = try TestApp.make(
        libraries: [DatabaseLibrary.self],
        overrides: (auth?.components ?? []) + (appCheck?.components ?? []))
    EmulatedApps.current?.add(app)
    let db = try Database.database(app: app)
    try db.useEmulator(withHost: server.host, port: server.port, sleep: sleeps.sleep)
    return db
}

/// Runs `body` with a fake RTDB server behind a ``TestHTTPServer``; the apps `makeEmulatedDatabase` made meanwhile
/// are deleted (their listens stop) before the server stops, however `body` ends.
func withFakeDatabaseServer(
    _ fake: FakeDatabaseServer = FakeDatabaseServer(),
    _ body: (FakeDatabaseServer, TestHTTPServer) async throws -> Void
) async throws {
    let apps = EmulatedApps()
    try await withTestHTTPServer({ fake.handle($0) }) { server in
        try await EmulatedApps.$current.withValue(apps) {
            do {
                try await body(fake, server)
            } catch {
                await apps.deleteAll()
                throw error
            }
            await apps.deleteAll()
        }
    }
}

/// The emulator's namespace for the testing options' database URL.
let testNamespace = "flint-test-default-rtdb"

extension TestHTTPRequest {
    /// The query parameters, percent-decoded.
    var parameters: [String: String] {
        let items = URLComponents(string: "http://x" + path)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }
}

extension EventLog {
    /// Takes every line up to and including the next `value` line, waiting (bounded) for it.
    func takeThroughValue() async throws -> [String] {
        try await waitUntil { self.all.contains { $0.hasPrefix("value") } }
        let lines = all
        let end = lines.firstIndex { $0.hasPrefix("value") }! + 1
        return try await take(end)
    }
}
