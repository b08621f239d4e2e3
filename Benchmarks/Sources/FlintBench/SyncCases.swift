// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import Foundation

/// The sync engines' case, Flint only, reported not asserted.
///
/// - `sync_collection_10000`, `sync_collection_100000`: a `CollectionSyncEngine` with file persistence on
///   (`FileCollectionPersistence`, every change appended and `fsync`ed) bulk loads 10,000 / 100,000 documents
///   from an in-memory remote (`MockRemoteCollectionService`), then receives single-document changes from the
///   remote's listener, 1,000 per repetition; timed from the first change until the engine has applied (and
///   persisted) the last; reported as ns per change. Target: the cost at 100,000 ≤ 1.5 × the cost at 10,000.
///   With `--quick` the sizes are 2,000 and 20,000 and a repetition has 100 changes.
///
/// Rounds of the two sizes alternate, so machine load hits both alike; the median is reported.
@MainActor
func runSyncCases(_ config: BenchConfig, progress: (String) -> Void) async -> [BenchResult] {
    let sizes =
        config.quick
        ? [(2_000, "sync_collection_10000"), (20_000, "sync_collection_100000")]
        : [(10_000, "sync_collection_10000"), (100_000, "sync_collection_100000")]
    let changes = config.scaled(1_000, quick: 100)
    var collections: [SyncBenchCollection] = []
    for (size, caseName) in sizes {
        progress(caseName)
        collections.append(await SyncBenchCollection(size: size))
    }
    var samples = Array(repeating: [Double](), count: collections.count)
    for round in 0..<(config.warmups + config.repetitions) {
        for (index, collection) in collections.enumerated() {
            let sample = await collection.change(count: changes)
            if round >= config.warmups { samples[index].append(sample) }
        }
    }
    var results: [BenchResult] = []
    for (index, (_, caseName)) in sizes.enumerated() {
        results.append(BenchResult(caseName: caseName, system: .flint, nsPerOp: median(samples[index])))
    }
    for collection in collections { collection.close() }
    return results
}

/// The benchmark's model.
struct SyncBenchItem: DataSyncModelProtocol {
    let id: String
    var group: Int
    var version: Int

    static var mocks: [SyncBenchItem] { [SyncBenchItem(id: "0", group: 0, version: 0)] }
}

/// An engine with persistence, loaded with `size` documents and listening.
@MainActor
final class SyncBenchCollection {
    let size: Int
    let remote: MockRemoteCollectionService<SyncBenchItem>
    let engine: CollectionSyncEngine<SyncBenchItem>
    let directory: URL
    private var version = 0

    init(size: Int) async {
        self.size = size
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flint-bench-sync-\(UUID().uuidString)")
        remote = MockRemoteCollectionService(
            collection: (0..<size).map { SyncBenchItem(id: "\($0)", group: $0 % 100, version: 0) })
        engine = CollectionSyncEngine(remote: remote, managerKey: "bench", persistenceDirectory: directory)
        await engine.startListening()
        _ = await change(count: 1)  // the listener's first batch has been applied
    }

    /// Makes `count` single-document changes remotely; ns per change until the engine has the last one.
    func change(count: Int) async -> Double {
        let start = ContinuousClock.now
        var lastID = ""
        for offset in 0..<count {
            version += 1
            let id = String((version &* 7_919 + offset) % size)
            lastID = id
            remote.simulateRemoteSave(SyncBenchItem(id: id, group: version % 100, version: version))
        }
        let target = version
        while engine.getDocument(id: lastID)?.version != target {
            await Task.yield()
        }
        return nanoseconds(start.duration(to: .now)) / Double(count)
    }

    func close() {
        engine.stopListening()
        try? FileManager.default.removeItem(at: directory)
    }
}
