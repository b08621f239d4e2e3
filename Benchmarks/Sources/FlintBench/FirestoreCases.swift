// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import Foundation
import Synchronization

/// Issue 5's Firestore case: one write into a collection of 10,000 and of 100,000 documents while 100 queries
/// listen to it (`whereField("group", isEqualTo: k)` for k = 0…99, so every write affects exactly one of them).
/// Reported as ns per write (local apply, the affected listener's incremental view update and delivery, and the
/// backend's acknowledgement). The target: the cost at 100,000 documents ≤ 1.5 × the cost at 10,000, because
/// a write costs in proportion to the listeners it affects, not to the collection's size.
///
/// Cases: `firestore_write_10000_docs`, `firestore_write_100000_docs` (Flint only). With `--quick` the sizes are
/// 2,000 and 20,000 under the same case names' `_quick` variants.
func runFirestoreCases(_ config: BenchConfig, progress: (String) -> Void) async -> [BenchResult] {
    let sizes =
        config.quick
        ? [(2_000, "firestore_write_10000_docs"), (20_000, "firestore_write_100000_docs")]
        : [(10_000, "firestore_write_10000_docs"), (100_000, "firestore_write_100000_docs")]
    let writesPerRound = config.quick ? 30 : 300
    var collections: [FirestoreBenchCollection] = []
    for (size, caseName) in sizes {
        progress(caseName)
        do {
            collections.append(try await FirestoreBenchCollection(size: size))
        } catch {
            FileHandle.standardError.write(Data("flint-bench: \(caseName) setup failed: \(error)\n".utf8))
            return []
        }
    }
    // Interleaved rounds, so machine load hits both sizes alike; the median per size is reported.
    var samples = Array(repeating: [Double](), count: collections.count)
    for round in 0..<(config.warmups + config.repetitions) {
        for index in collections.indices {
            let nsPerWrite = (try? await collections[index].write(count: writesPerRound)) ?? .nan
            if round >= config.warmups { samples[index].append(nsPerWrite) }
        }
    }
    var results: [BenchResult] = []
    for (index, (_, caseName)) in sizes.enumerated() {
        let sorted = samples[index].sorted()
        results.append(BenchResult(caseName: caseName, system: .flint, nsPerOp: sorted[sorted.count / 2]))
    }
    for collection in collections { await collection.close() }
    return results
}

/// A collection of `size` documents in a private app, with 100 listening queries.
final class FirestoreBenchCollection: @unchecked Sendable {
    private let app: FlintApp
    private let items: CollectionReference
    private var next: Int
    private var registrations: [any ListenerRegistration] = []

    init(size: Int) async throws {
        let registry = AppRegistry()
        try registry.register(FirestoreLibrary.self)
        var options = FlintOptions(googleAppID: "1:1234567890:ios:0123456789abcdef", gcmSenderID: "1234567890")
        options.projectID = "bench"
        app = try registry.configure(name: "firestore-bench", options: options)
        let firestore = try Firestore.firestore(app: app)
        items = firestore.collection("items")
        var batch = firestore.batch()
        for index in 0..<size {
            batch.setData(
                ["n": .integer(Int64(index)), "group": .integer(Int64(index % 100))],
                forDocument: items.document(String(format: "doc%07d", index)))
            if index % 20_000 == 19_999 {
                try await batch.commit()
                batch = firestore.batch()
            }
        }
        try await batch.commit()
        next = size
        // 100 listeners; wait (bounded) until each delivered its first snapshot before timing anything.
        let firstSnapshots = Atomic<Int>(0)
        for group in 0..<100 {
            registrations.append(
                items.whereField("group", isEqualTo: .integer(Int64(group)))
                    .addSnapshotListener { _, _ in firstSnapshots.add(1, ordering: .relaxed) })
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while firstSnapshots.load(ordering: .relaxed) < 100 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        try await firestore.waitForPendingWrites()
    }

    /// Writes `count` new documents one after another; ns per write.
    func write(count: Int) async throws -> Double {
        let started = ContinuousClock.now
        for _ in 0..<count {
            let n = Int64(next)
            next += 1
            try await items.document("new\(n)").setData(["n": .integer(n), "group": .integer(n % 100)])
        }
        return nanoseconds(started.duration(to: .now)) / Double(count)
    }

    /// Removes the listeners and deletes the app.
    func close() async {
        for registration in registrations { registration.remove() }
        await app.delete()
    }
}
