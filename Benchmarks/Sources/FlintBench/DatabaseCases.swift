// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import Foundation
import Synchronization

/// Issue 12's Realtime Database cases, Flint only, reported not asserted.
///
/// - `database_event_fanout_1_subscriber`, `database_event_fanout_1000_subscribers`: one write under a
///   location (a new child) while 1 or 1,000 `events()` streams, each consumed by its own task, follow it;
///   timed from the write until every consumer has received the `childAdded`; reported as ns per event per
///   subscriber. Target: the per-subscriber cost at 1,000 ≤ 1.5 × the cost at 1.
/// - `database_write_10000_children`, `database_write_100000_children`: one write of a new child under a
///   location of 10,000 and of 100,000 children while 100 queries (`queryOrdered(byChild: "group")
///   .queryEqual(toValue: k)`, k = 0…99) listen to it, so every write affects one of them; reported as ns per
///   write (local apply, the queries' view updates and delivery, the backend's acknowledgement). Target: the
///   cost at 100,000 ≤ 1.5 × the cost at 10,000. With `--quick` the sizes are 2,000 and 20,000.
///
/// Rounds of the two variants of a case alternate, so machine load hits both alike; the median is reported.
func runDatabaseCases(_ config: BenchConfig, progress: (String) -> Void) async -> [BenchResult] {
    var results: [BenchResult] = []
    do {
        progress("database_event_fanout")
        let fanouts = [
            ("database_event_fanout_1_subscriber", 1, config.scaled(2_000, quick: 200)),
            ("database_event_fanout_1000_subscribers", 1_000, config.scaled(40, quick: 4)),
        ]
        var rooms: [DatabaseFanoutRoom] = []
        for (_, subscribers, _) in fanouts {
            rooms.append(try await DatabaseFanoutRoom(subscribers: subscribers))
        }
        let fanoutSamples = try await alternate(
            config,
            rooms.indices.map { index in
                { try await rooms[index].write(count: fanouts[index].2) }
            })
        for (index, fanout) in fanouts.enumerated() {
            results.append(BenchResult(caseName: fanout.0, system: .flint, nsPerOp: median(fanoutSamples[index])))
        }
        for room in rooms { await room.close() }

        let sizes =
            config.quick
            ? [(2_000, "database_write_10000_children"), (20_000, "database_write_100000_children")]
            : [(10_000, "database_write_10000_children"), (100_000, "database_write_100000_children")]
        var lists: [DatabaseBenchList] = []
        for (size, caseName) in sizes {
            progress(caseName)
            lists.append(try await DatabaseBenchList(size: size))
        }
        let writes = config.scaled(300, quick: 30)
        let writeSamples = try await alternate(
            config,
            lists.indices.map { index in
                { try await lists[index].write(count: writes) }
            })
        for (index, (_, caseName)) in sizes.enumerated() {
            results.append(BenchResult(caseName: caseName, system: .flint, nsPerOp: median(writeSamples[index])))
        }
        for list in lists { await list.close() }
    } catch {
        FileHandle.standardError.write(Data("flint-bench: database cases failed: \(error)\n".utf8))
    }
    return results
}

/// Runs `runs` in alternation, warm-ups first; the timed samples of each.
private func alternate(_ config: BenchConfig, _ runs: [() async throws -> Double]) async throws -> [[Double]] {
    var samples = Array(repeating: [Double](), count: runs.count)
    for round in 0..<(config.warmups + config.repetitions) {
        for (index, run) in runs.enumerated() {
            let sample = try await run()
            if round >= config.warmups { samples[index].append(sample) }
        }
    }
    return samples
}

/// A private app with its own embedded backend, and its default database.
func benchDatabase(name: String) throws -> (FlintApp, Database) {
    let registry = AppRegistry()
    try registry.register(DatabaseLibrary.self)
    var options = FlintOptions(googleAppID: "1:1234567890:ios:0123456789abcdef", gcmSenderID: "1234567890")
    options.projectID = "bench"
    let app = try registry.configure(name: name, options: options)
    return (app, try Database.database(app: app))
}

/// Counts events down to zero and wakes one waiter then, without polling.
private final class Countdown: Sendable {
    private let remaining = Atomic<Int>(0)
    private let waiter = Mutex<CheckedContinuation<Void, Never>?>(nil)

    /// One event arrived.
    func tick() {
        if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            waiter.withLock { $0.take() }?.resume()
        }
    }

    /// Expects `count` events from now on, runs `body` (which causes them) and returns once they all arrived.
    func expect(_ count: Int, _ body: () async throws -> Void) async throws {
        remaining.store(count, ordering: .sequentiallyConsistent)
        try await body()
        await withCheckedContinuation { continuation in
            waiter.withLock { $0 = continuation }
            if remaining.load(ordering: .sequentiallyConsistent) <= 0 {
                waiter.withLock { $0.take() }?.resume()
            }
        }
    }
}

/// A location followed by `subscribers` `events()` streams, each consumed by its own task.
private final class DatabaseFanoutRoom: @unchecked Sendable {
    // @unchecked: `next` is used by one benchmark task at a time.
    private let app: FlintApp
    private let room: DatabaseReference
    private let countdown = Countdown()
    private let consumers: [Task<Void, Never>]
    private var next = 0

    init(subscribers: Int) async throws {
        let (app, db) = try benchDatabase(name: "database-fanout-\(subscribers)")
        self.app = app
        room = db.reference(withPath: "room")
        let countdown = countdown
        consumers = (0..<subscribers).map { _ in
            let events = db.reference(withPath: "room").events()
            return Task {
                do {
                    for try await _ in events { countdown.tick() }
                } catch {}
            }
        }
        // Every consumer is following the room once each got a first write's event.
        _ = try await write(count: 1)
    }

    /// Writes `count` new children one after another; ns per event per subscriber, once all were received.
    func write(count: Int) async throws -> Double {
        let started = ContinuousClock.now
        try await countdown.expect(count * consumers.count) {
            for _ in 0..<count {
                next += 1
                try await room.child(String(format: "m%07d", next)).setValue(["n": next])
            }
        }
        return nanoseconds(started.duration(to: .now)) / Double(count * consumers.count)
    }

    /// Ends the consumers and deletes the app.
    func close() async {
        for consumer in consumers { consumer.cancel() }
        await app.delete()
    }
}

/// A location of `size` children with 100 listening queries.
private final class DatabaseBenchList: @unchecked Sendable {
    // @unchecked: `next` is used by one benchmark task at a time.
    private let app: FlintApp
    private let items: DatabaseReference
    private var next: Int
    private var handles: [(DatabaseQuery, DatabaseHandle)] = []

    init(size: Int) async throws {
        let (app, db) = try benchDatabase(name: "database-write-\(size)")
        self.app = app
        items = db.reference(withPath: "items")
        var values: [String: Any] = [:]
        for index in 0..<size {
            values[String(format: "c%07d", index)] = ["n": index, "group": index % 100]
        }
        try await items.setValue(values)
        next = size
        // 100 queries; every child is in exactly one, so the initial load is `size` childAdded events.
        let countdown = Countdown()
        try await countdown.expect(size) {
            for group in 0..<100 {
                let query = items.queryOrdered(byChild: "group").queryEqual(toValue: group)
                handles.append((query, query.observe(.childAdded) { _ in countdown.tick() }))
            }
        }
    }

    /// Writes `count` new children one after another; ns per write.
    func write(count: Int) async throws -> Double {
        let started = ContinuousClock.now
        for _ in 0..<count {
            let n = next
            next += 1
            try await items.child(String(format: "n%07d", n)).setValue(["n": n, "group": n % 100])
        }
        return nanoseconds(started.duration(to: .now)) / Double(count)
    }

    /// Removes the listeners and deletes the app.
    func close() async {
        for (query, handle) in handles { query.removeObserver(withHandle: handle) }
        await app.delete()
    }
}
