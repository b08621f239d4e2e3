// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintDatabase
import FlintSync

/// The listener of the Realtime Database services, as `SyncCollectionChanges` batches whose cost per change does
/// not depend on the size of the collection.
///
/// It follows the layout's root with two listeners, made in this order: the root's child events (`events()`),
/// then its `value`, of which only the first snapshot is used (the listener is removed after it). The Database
/// activates listeners in the order they were made, so that first value holds at least everything the child
/// events start from: it becomes the initial batch, and the child events are then applied one unit (a child of
/// the root) at a time, compared with what the stream has sent for that unit. Child events that repeat the first
/// value (the events' own initial `childAdded`s) send nothing; a change made between the two listeners'
/// activations may show briefly in its older state before its own event brings it up to date.
enum DatabaseCollectionChanges {
    /// The batches of the documents under `layout` in `database` matching `query`'s filters (the initial batch
    /// ordered and limited by the query). For a windowed query (a limit or a cursor) every later batch is what
    /// entered and left the query's result, recomputed over the matching documents the stream holds (a cost per
    /// change that grows with their number, unlike the plain listener's).
    static func stream<Model: DataSyncModelProtocol>(
        _ type: Model.Type, in database: Database, layout: DatabaseCollectionLayout, query: SyncQuery
    ) -> AsyncThrowingStream<SyncCollectionChanges<Model>, any Error> {
        do throws(SyncError) {
            try SyncFieldDepth.check(query, maximumDepth: DatabaseCollectionPath.databaseDepth)
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        let root = database.reference(withPath: layout.rootPath)
        let events = root.events()
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    guard let first = try await firstValue(of: root) else {
                        continuation.finish()
                        return
                    }
                    // What the stream has sent: per unit, the documents passing the query's filters.
                    var sent: [String: [String: [String: SyncValue]]] = [:]
                    var matching: [[String: SyncValue]] = []
                    for unit in first.children {
                        let documents = try layout.documents(in: unit, matching: query)
                        guard !documents.isEmpty else { continue }
                        sent[unit.key] = documents
                        matching += documents.sorted { $0.key < $1.key }.map(\.value)
                    }
                    let initial = SyncQueryEvaluator.run(query, over: matching)
                    // For a windowed query (a limit or a cursor): what the stream has sent as its result, by ID.
                    var window = Self.byID(initial)
                    continuation.yield(
                        SyncCollectionChanges(
                            updated: try initial.map { try DatabaseSyncCoding.model(Model.self, from: $0) },
                            isInitial: true))
                    for try await event in events {
                        let unit = event.snapshot
                        let now: [String: [String: SyncValue]]
                        switch event {
                        case .childRemoved: now = [:]
                        case .childMoved: continue
                        case .childAdded, .childChanged:
                            now = try layout.documents(in: unit, matching: query)
                        }
                        var before = sent[unit.key] ?? [:]
                        sent[unit.key] = now.isEmpty ? nil : now
                        var changed = now
                        if query.isWindowed {
                            let all = sent.sorted { $0.key < $1.key }.flatMap { unit in
                                unit.value.sorted { $0.key < $1.key }.map(\.value)
                            }
                            before = window
                            window = Self.byID(SyncQueryEvaluator.run(query, over: all))
                            changed = window
                        }
                        var batch = SyncCollectionChanges<Model>()
                        for (id, fields) in changed where before[id] != fields {
                            batch.updated.append(try DatabaseSyncCoding.model(Model.self, from: fields))
                        }
                        for id in before.keys.sorted() where changed[id] == nil { batch.deleted.append(id) }
                        if !batch.updated.isEmpty || !batch.deleted.isEmpty { continuation.yield(batch) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Documents (with `id` filled) by ID.
    private static func byID(_ documents: [[String: SyncValue]]) -> [String: [String: SyncValue]] {
        var byID: [String: [String: SyncValue]] = [:]
        for document in documents {
            if case .string(let id) = document["id"] { byID[id] = document }
        }
        return byID
    }

    /// The first `value` snapshot of `reference`; its listener is removed on return.
    private static func firstValue(of reference: DatabaseReference) async throws -> DataSnapshot? {
        for try await snapshot in reference.value { return snapshot }
        return nil
    }
}
