// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// What the REST backend never sends, and what it sends when the app goes away.
@Suite("Database over REST: refusals and app deletion")
struct HTTPBackendEdgeTests {
    @Test func aKeyWithAHashIsRefusedBeforeAnythingIsSent() async throws {
        try await withFakeDatabaseServer { _, server in
            let db = try makeEmulatedDatabase(server)
            let error = await #expect(throws: DatabaseError.self) {
                try await db.reference().child("a#b").setValue(1)
            }
            #expect(error?.code == .invalidArgument)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func onDisconnectOperationsAreSentWhenTheAppIsDeletedWithServerValuesForTheServer() async throws {
        try await withFakeDatabaseServer { fake, server in
            let app = try TestApp.make(libraries: [DatabaseLibrary.self])
            let db = try Database.database(app: app)
            try db.useEmulator(withHost: server.host, port: server.port, sleep: SleepLog().sleep)
            try await db.reference(withPath: "lastSeen/ada").onDisconnectSetValue(ServerValue.timestamp())
            #expect(server.requests.isEmpty)
            await app.delete()
            try await waitUntil { fake.value(at: "lastSeen/ada") != nil }
            #expect(server.requests.last?.bodyText == #"{".sv":"timestamp"}"#)
            #expect(fake.value(at: "lastSeen/ada") as? Int == Int(FakeDatabaseServer.now))
        }
    }
}
