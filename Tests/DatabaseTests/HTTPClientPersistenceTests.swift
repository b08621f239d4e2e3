// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The client's disk cache over REST: cached data served before (or without) the server's, then replaced by it.
@Suite("Database over REST: the client disk cache")
struct HTTPClientPersistenceTests {
    /// The default database of a new app (a new registry: a new "process"), persistence on in `directory`,
    /// pointed at the emulator at `port`.
    private func client(_ directory: URL, port: Int, sleeps: SleepLog = SleepLog()) throws -> Database {
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        EmulatedApps.current?.add(app)
        let db = try Database.database(app: app)
        db.persistenceDirectory = directory
        db.isPersistenceEnabled = true
        try db.useEmulator(withHost: "127.0.0.1", port: port, sleep: sleeps.sleep)
        return db
    }

    /// A first "process" that listened to `scores` until it held `value`, then ended.
    private func cacheScores(_ directory: URL, port: Int, value: String) async throws {
        let first = try client(directory, port: port)
        let log = EventLog()
        first.reference(withPath: "scores").log([.value], into: log)
        #expect(try await log.take(1) == [value])
        first.terminate()
    }

    @Test func cachedDataIsServedOfflineAndReplacedWithoutAFlickerOnceOnline() async throws {
        try await withTemporaryDirectory { directory in
            try await withFakeDatabaseServer { fake, server in
                try fake.set("/scores", ["ada": 42])
                try await cacheScores(directory, port: server.port, value: #"value {"ada":42}"#)
                try fake.set("/scores/bob", 7)
                let second = try client(directory, port: server.port)
                second.goOffline()
                let log = EventLog()
                second.reference(withPath: "scores").log([.value], into: log)
                #expect(try await log.take(1) == [#"value {"ada":42}"#])
                second.goOnline()
                #expect(try await log.take(1) == [#"value {"ada":42,"bob":7}"#])
                try await waitUntil { fake.streams.count == 2 }
                #expect(log.all.isEmpty)
            }
        }
    }

    @Test func cachedDataIsServedAtOnceWhenTheServerCannotBeReached() async throws {
        try await withTemporaryDirectory { directory in
            try await withFakeDatabaseServer { fake, server in
                try fake.set("/scores", ["ada": 42])
                try await cacheScores(directory, port: server.port, value: #"value {"ada":42}"#)
            }
            let sleeps = SleepLog()
            let second = try client(directory, port: 1, sleeps: sleeps)
            let log = EventLog()
            second.reference(withPath: "scores").log([.value], into: log)
            #expect(try await log.take(1) == [#"value {"ada":42}"#])
            second.terminate()
        }
    }

    @Test func uncachedLocationsStillWaitForTheServer() async throws {
        try await withTemporaryDirectory { directory in
            try await withFakeDatabaseServer { fake, server in
                try fake.set("/scores", ["ada": 42])
                try fake.set("/other", 1)
                try await cacheScores(directory, port: server.port, value: #"value {"ada":42}"#)
                let second = try client(directory, port: server.port)
                let log = EventLog()
                second.reference(withPath: "other").log([.value], into: log)
                #expect(try await log.take(1) == ["value 1"])
            }
        }
    }

    @Test func pendingWritesMadeOfflineAreSentByTheNextInstance() async throws {
        try await withTemporaryDirectory { directory in
            try await withFakeDatabaseServer { fake, server in
                let first = try client(directory, port: server.port)
                first.goOffline()
                first.reference(withPath: "a").setValue(["at": ServerValue.timestamp()]) { _, _ in }
                first.terminate()
                #expect(fake.value(at: "/a") == nil)
                let second = try client(directory, port: server.port)
                _ = second.reference()
                try await waitUntil { fake.value(at: "/a/at") as? Int == Int(FakeDatabaseServer.now) }
            }
        }
    }
}
