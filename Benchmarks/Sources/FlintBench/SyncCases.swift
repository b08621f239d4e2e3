// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync
import FlintSyncDatabase
import Foundation

/// The sync engines' cases, Flint only, reported not asserted.
///
/// - `sync_collection_10000`, `sync_collection_100000`: a `CollectionSyncEngine` with file persistence on
///   (`FileCollectionPersistence`, every change appended and `fsync`ed) bulk loads 10,000 / 100,000 documents
///   from an in-memory remote (`MockRemoteCollectionService`), then receives single-document changes from the
///   remote's listener, 1,000 per repetition; timed from the first change until the engine has applied (and
///   persisted) the last; reported as ns per change. Target: the cost at 100,000 ≤ 1.5 × the cost at 10,000.
/// - `sync_database_collection_10000`, `sync_database_collection_100000`: the same over the Realtime Database
///   (`DatabaseRemoteCollectionService` on an embedded backend): each change is a `setValue` of one child of the
///   engine's location, awaited, so the figure includes the Database's write and its child event. Same target.
///
/// With `--quick` the sizes are 2,000 and 20,000 and a repetition has 100 changes. Rounds of the two sizes of a
/// case alternate, so machine load hits both alike; the median is reported.
@MainActor
func runSyncCases(_ config: BenchConfig, progress: (String) -> Void) async -> [BenchResult] {
    var results = await runSyncCase(config, name: "sync_collection", progress: progress) { size in
        SyncBenchCollection.mock(size: size)
    }
    results += await runSyncCase(config, name: "sync_database_collection", progress: progress) { size in
        try await SyncBenchCollection.database(size: size)
    }
    return results
}

/// `{name}_10000` and `{name}_100000`: collections made by `make`, loaded, then timed per change.
@MainActor
private func runSyncCase(
    _ config: BenchConfig, name: String, progress: (String) -> Void,
    make: (Int) async throws -> SyncBenchCollection
) async -> [BenchResult] {
    let sizes =
        config.quick
        ? [(2_000, "\(name)_10000"), (20_000, "\(name)_100000")]
        : [(10_000, "\(name)_10000"), (100_000, "\(name)_100000")]
    let changes = config.scaled(1_000, quick: 100)
    var collections: [SyncBenchCollection] = []
    defer { for collection in collections { collection.close() } }
    do {
        for (size, caseName) in sizes {
            progress(caseName)
            let collection = try await make(size)
            collections.append(collection)
            await collection.start()
        }
    } catch {
        FileHandle.standardError.write(Data("flint-bench: \(name) cases failed: \(error)\n".utf8))
        return []
    }
    var samples = Array(repeating: [Double](), count: collections.count)
    for round in 0..<(config.warmups + config.repetitions) {
        for (index, collection) in collections.enumerated() {
            let sample = await collection.change(count: changes)
            if round >= config.warmups { samples[index].append(sample) }
        }
    }
    return sizes.enumerated().map { index, size in
        BenchResult(caseName: size.1, system: .flint, nsPerOp: median(samples[index]))
    }
}

/// The benchmark's model.
struct SyncBenchItem: DataSyncModelProtocol {
    let id: String
    var group: Int
    var version: Int

    static var mocks: [SyncBenchItem] { [SyncBenchItem(id: "0", group: 0, version: 0)] }
}

/// An engine with persistence over a remote of `size` documents, and a way to change one of them remotely.
@MainActor
final class SyncBenchCollection {
    let size: Int
    let engine: CollectionSyncEngine<SyncBenchItem>
    let directory: URL
    private let write: (SyncBenchItem) async -> Void
    private let onClose: () -> Void
    private var version = 0

    private init(
        size: Int, remote: any RemoteCollectionService<SyncBenchItem>,
        write: @escaping (SyncBenchItem) async -> Void, onClose: @escaping () -> Void = {}
    ) {
        self.size = size
        self.write = write
        self.onClose = onClose
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flint-bench-sync-\(UUID().uuidString)")
        engine = CollectionSyncEngine(remote: remote, managerKey: "bench", persistenceDirectory: directory)
    }

    /// The documents of a collection of `size`.
    static func items(_ size: Int) -> [SyncBenchItem] {
        (0..<size).map { SyncBenchItem(id: "\($0)", group: $0 % 100, version: 0) }
    }

    /// Over an in-memory remote (`MockRemoteCollectionService`).
    static func mock(size: Int) -> SyncBenchCollection {
        let remote = MockRemoteCollectionService(collection: items(size))
        return SyncBenchCollection(size: size, remote: remote) { remote.simulateRemoteSave($0) }
    }

    /// Over the Realtime Database's location `items` on an embedded backend of a private app.
    static func database(size: Int) async throws -> SyncBenchCollection {
        let (app, db) = try benchDatabase(name: "sync-database-\(size)")
        var children: [String: Any] = [:]
        for item in items(size) { children[item.id] = ["id": item.id, "group": item.group, "version": 0] }
        try await db.reference(withPath: "items").setValue(children)
        let remote = DatabaseRemoteCollectionService<SyncBenchItem>(database: db, collectionPath: { "items" })
        return SyncBenchCollection(
            size: size, remote: remote,
            write: { item in
                try? await db.reference(withPath: "items/\(item.id)").setValue([
                    "id": item.id, "group": item.group, "version": item.version,
                ])
            },
            onClose: { Task { await app.delete() } })
    }

    /// Bulk loads and attaches the listener; returns once the listener's first batch has been applied.
    func start() async {
        await engine.startListening()
        _ = await change(count: 1)
    }

    /// Makes `count` single-document changes remotely; ns per change until the engine has the last one.
    func change(count: Int) async -> Double {
        let start = ContinuousClock.now
        var lastID = ""
        for offset in 0..<count {
            version += 1
            let id = String((version &* 7_919 + offset) % size)
            lastID = id
            await write(SyncBenchItem(id: id, group: version % 100, version: version))
        }
        let target = version
        while engine.getDocument(id: lastID)?.version != target {
            await Task.yield()
        }
        return nanoseconds(start.duration(to: .now)) / Double(count)
    }

    func close() {
        engine.stopListening()
        onClose()
        try? FileManager.default.removeItem(at: directory)
    }
}
