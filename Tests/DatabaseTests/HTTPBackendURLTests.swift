// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// Where requests go without an emulator, and what `useEmulator` refuses as a host.
@Suite("Database over REST: the database URL")
struct HTTPBackendURLTests {
    @Test func withoutAnEmulatorRequestsGoToTheDatabaseURL() async throws {
        try await withFakeDatabaseServer { fake, server in
            let backend = HTTPDatabaseBackend(sleep: SleepLog().sleep)
            let app = try TestApp.make(
                libraries: [DatabaseLibrary.self],
                overrides: [.instance(backend, as: DatabaseBackend.self)])
            let db = try Database.database(app: app, url: server.origin)
            try await db.reference(withPath: "a").setValue(1)
            let put = try #require(server.requests.last)
            #expect(put.pathWithoutQuery == "/a.json")
            #expect(put.parameters["ns"] == nil)
            #expect(fake.value(at: "a") as? Int == 1)
            #expect(db.emulatorOrigin == nil)
        }
    }

    @Test(arguments: ["evil.example/x", "a?b", "a#b", "user@host", "a b"])
    func useEmulatorRefusesAHostThatIsNotOne(host: String) throws {
        let db = try makeDatabase()
        let error = #expect(throws: DatabaseError.self) { try db.useEmulator(withHost: host, port: 9000) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(host) == true)
        #expect(db.emulatorOrigin == nil)
    }

    /// Credentials go over HTTPS or to a loopback emulator only; a host that merely starts like a loopback
    /// address is another machine.
    @Test(arguments: [
        ("http://127.0.0.1:9000", true), ("http://localhost:9000", true), ("http://[::1]:9000", true),
        ("http://127.evil.example:9000", false), ("http://127.0.0.1.example.com:9000", false),
        ("http://10.0.2.2:9000", false),
    ])
    func credentialsGoOnlyToALoopbackEmulator(origin: String, accepts: Bool) {
        let location = DatabaseRESTLocation(
            database: "https://demo.firebaseio.com", emulatorOrigin: URL(string: origin))
        #expect(location.acceptsCredentials == accepts)
        #expect(DatabaseRESTLocation(database: "https://demo.firebaseio.com", emulatorOrigin: nil).acceptsCredentials)
    }
}
