// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The embedded ``FirestoreBackend``: an in-process emulator of the Firestore service for development and
/// tests (not a production database).
///
/// - Documents live in memory, per project and database, each collection in a persistent tree ordered by
///   document ID, so a write costs O(log n) whatever the collection's size, and reads take a consistent
///   snapshot without copying.
/// - With a `persistenceDirectory`, each database is also written to a checksummed append-only log in it
///   (`<directory>/<safe projectID>/<safe database>.flintlog`, compacted on open; see `PersistenceLog`), so
///   its data survives a restart: a new backend on the same directory sees it.
/// - Optional security `rules` decide every read and write by a caller (``RulesRequest``); a denial is
///   ``RPCStatusCode/permissionDenied``. The rules run without any lock held; a commit whose documents
///   changed while its rules ran is re-evaluated.
/// - `now` is the clock of commit times (and so of server timestamps), injectable for tests.
///
/// Share one instance between apps (see ``FirestoreBackend``) to simulate several clients.
public final class LocalFirestoreBackend: FirestoreBackend {
    /// Security rules: true allows the request.
    public typealias Rules = @Sendable (RulesRequest) -> Bool

    private let stores = Locked<[DatabaseID: LocalDatabaseStore]>([:])
    private let rulesSlot: Locked<Rules?>
    private let persistenceDirectory: URL?
    private let persistenceIO: PersistenceIO
    private let now: @Sendable () -> Date

    /// A backend.
    /// - Parameters:
    ///   - persistenceDirectory: where to persist each database; nil (the default) keeps data in memory only.
    ///   - rules: security rules applied to callers' requests; nil allows everything.
    ///   - now: the clock of commit times.
    public convenience init(
        persistenceDirectory: URL? = nil, rules: Rules? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(persistenceDirectory: persistenceDirectory, persistenceIO: .standard, rules: rules, now: now)
    }

    /// A backend whose persistence log writes through `persistenceIO` (tests inject write failures there).
    init(
        persistenceDirectory: URL?, persistenceIO: PersistenceIO, rules: Rules? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.persistenceDirectory = persistenceDirectory
        self.persistenceIO = persistenceIO
        rulesSlot = Locked(rules)
        self.now = now
    }

    /// The security rules (nil: allow everything); may be replaced at any time.
    public var rules: Rules? {
        get { rulesSlot.withLock { $0 } }
        set { rulesSlot.withLock { $0 = newValue } }
    }

    // MARK: Reads

    /// One document; rules see a `get` with its current data.
    public func document(
        at path: String, database: DatabaseID,
        caller: FirestoreCaller?
    ) throws(FirestoreError) -> BackendRead<BackendDocument?> {
        let parsed = try Self.documentPath(path)
        let read = try withStore(database) { store in
            BackendRead(value: store.document(at: parsed).map(BackendDocument.init), sequenceNumber: store.sequence)
        }
        if let caller, let rules {
            let request = RulesRequest(
                operation: .get, path: parsed.description, database: database, uid: caller.uid,
                appCheckToken: caller.appCheckToken,
                resourceData: read.value.map { Self.rulesData($0.document.fields) })
            try Self.check(rules, request)
        }
        return read
    }

    /// Every document of the target; rules see a `list` of a collection or group, a `get` of a document.
    public func documents(
        in target: BackendTarget, database: DatabaseID,
        caller: FirestoreCaller?
    ) throws(FirestoreError) -> BackendRead<[BackendDocument]> {
        switch target.kind {
        case .document(let path):
            let read = try document(at: path.description, database: database, caller: caller)
            return BackendRead(value: read.value.map { [$0] } ?? [], sequenceNumber: read.sequenceNumber)
        case .query(let query):
            if let caller, let rules {
                let request = RulesRequest(
                    operation: .list, path: target.description, database: database,
                    uid: caller.uid, appCheckToken: caller.appCheckToken)
                try Self.check(rules, request)
            }
            let (trees, sequence) = try withStore(database) { store in (store.trees(for: query), store.sequence) }
            var documents: [BackendDocument] = []
            documents.reserveCapacity(trees.reduce(0) { $0 + $1.count })
            for tree in trees {
                for document in tree { documents.append(BackendDocument(document)) }
            }
            return BackendRead(value: documents, sequenceNumber: sequence)
        }
    }

    /// Runs the rules' `get` (document) or `list` (collection, group) for a listen.
    public func authorizeListen(
        to target: BackendTarget, database: DatabaseID,
        caller: FirestoreCaller
    ) throws(FirestoreError) {
        guard let rules else { return }
        switch target.kind {
        case .document(let path):
            _ = try document(at: path.description, database: database, caller: caller)
        case .query:
            try Self.check(
                rules,
                RulesRequest(
                    operation: .list, path: target.description, database: database,
                    uid: caller.uid, appCheckToken: caller.appCheckToken))
        }
    }

    // MARK: Commit

    /// Applies the writes atomically; rules see `create`, `update` or `delete` for each write.
    public func commit(
        _ writes: [BackendWrite], database: DatabaseID, caller: FirestoreCaller?,
        origin: String?
    ) throws(FirestoreError) -> BackendCommitResult {
        let mutations = writes.map(\.mutation)
        let paths = Self.distinctPaths(mutations)
        while true {
            let commitTime = Timestamp.converting(now())
            let rules = caller == nil ? nil : self.rules
            if let rules, let caller {
                // Evaluate the rules on the current documents without holding the lock, then commit only if
                // none of them changed meanwhile.
                let bases = try withStore(database) { store in paths.map { store.document(at: $0) } }
                try Self.evaluate(
                    rules, caller: caller, mutations: mutations,
                    bases: Dictionary(
                        zip(paths, bases),
                        uniquingKeysWith: { first, _ in first }), database: database, commitTime: commitTime)
                let result = try withStore(database) { store throws(FirestoreError) -> BackendCommitResult? in
                    for (path, base) in zip(paths, bases) where store.document(at: path) !== base {
                        return nil
                    }
                    return try Self.apply(
                        mutations, paths: paths, to: &store, database: database,
                        commitTime: commitTime, origin: origin)
                }
                guard let result else { continue }
                deliver(database)
                return result
            }
            let result = try withStore(database) { store throws(FirestoreError) in
                try Self.apply(
                    mutations, paths: paths, to: &store, database: database, commitTime: commitTime,
                    origin: origin)
            }
            deliver(database)
            return result
        }
    }

    // MARK: Watch

    /// Streams every later commit of `database` to `onBatch`, in order, from the committing thread (never
    /// under a lock).
    public func watch(
        database: DatabaseID,
        _ onBatch: @escaping @Sendable (BackendChangeBatch) -> Void
    ) -> BackendWatch {
        let watcher = LocalWatcher(onBatch)
        // Opening a persisted database may fail; the watch then starts at 0 and the first read reports it.
        let sequence: Int64 =
            (try? withStore(database) { store -> Int64 in
                store.watchers.append(watcher)
                return store.sequence
            }) ?? 0
        let registration = ClosureListenerRegistration { [weak self] in
            guard watcher.deactivate() else { return }
            self?.stores.withLock { stores in
                stores[database]?.watchers.removeAll { $0 === watcher }
            }
        }
        return BackendWatch(registration: registration, sequenceNumber: sequence)
    }

    /// The number of watchers of `database` (every live ``Firestore`` client of it has one).
    func watcherCount(database: DatabaseID) -> Int {
        stores.withLock { $0[database]?.watchers.count ?? 0 }
    }

    // MARK: Internals

    /// Runs `body` on the database's store, opening (and loading) it first if needed.
    private func withStore<Result>(
        _ database: DatabaseID,
        _ body: (inout LocalDatabaseStore) throws(FirestoreError) -> Result
    ) throws(FirestoreError) -> Result {
        try stores.withLock { stores throws(FirestoreError) -> Result in
            if stores[database] == nil {
                var store = LocalDatabaseStore()
                if let persistenceDirectory {
                    let (log, documents, sequence) = try PersistenceLog.open(
                        directory: persistenceDirectory,
                        database: database, io: persistenceIO)
                    for document in documents { store.store(document, at: document.path) }
                    store.sequence = sequence
                    store.log = log
                }
                stores[database] = store
            }
            return try body(&stores[database]!)
        }
    }

    /// Applies the mutations to the store (all or nothing), logs them, and queues the batch.
    private static func apply(
        _ mutations: [Mutation], paths: [ResourcePath], to store: inout LocalDatabaseStore,
        database: DatabaseID, commitTime: Timestamp,
        origin: String?
    ) throws(FirestoreError) -> BackendCommitResult {
        let sequence = store.sequence + 1
        var results: [ResourcePath: Document?] = [:]
        for path in paths { results[path] = .some(store.document(at: path)) }
        var writtenEarlier = Set<ResourcePath>()
        for mutation in mutations {
            let base = results[mutation.path] ?? nil
            results[mutation.path] = .some(
                try mutation.applyOnBackend(
                    to: base, commitTime: commitTime,
                    version: sequence,
                    fullPath: database.fullName(of: mutation.path),
                    writtenEarlier: writtenEarlier.contains(mutation.path)))
            if mutation.countsAsWrite(of: base) { writtenEarlier.insert(mutation.path) }
        }
        let written = Set(mutations.filter(\.writes).map(\.path))
        let changes = paths.filter(written.contains).map { BackendChange(path: $0, document: results[$0] ?? nil) }
        try checkSizes(of: mutations, results: results)
        try store.log?.append(sequence: sequence, changes: changes)
        for change in changes { store.store(change.document, at: change.path) }
        store.sequence = sequence
        store.outbox.append(BackendChangeBatch(sequenceNumber: sequence, origin: origin, changes: changes))
        return BackendCommitResult(sequenceNumber: sequence, commitTime: commitTime)
    }

    /// Refuses a commit that leaves a document larger than the backend stores: the client checks what it sends,
    /// but a merge, an update or a transform (an array union, say) grows a document by what it already holds,
    /// which only the backend sees. Plain sets without transforms were measured whole by the client.
    private static func checkSizes(
        of mutations: [Mutation],
        results: [ResourcePath: Document?]
    ) throws(FirestoreError) {
        for mutation in mutations {
            if case .set = mutation.kind, mutation.transforms.isEmpty { continue }
            guard case .some(.some(let document)) = results[mutation.path] else { continue }
            let size = StorageSize.document(name: mutation.path, fields: document.fields)
            guard size <= ParsedData.maxDocumentBytes else {
                throw FirestoreError(
                    .invalidArgument,
                    "Document '\(mutation.path)' cannot be written because its "
                        + "size (\(size) bytes) exceeds the maximum allowed size of "
                        + "\(ParsedData.maxDocumentBytes) bytes.")
            }
        }
    }

    /// Delivers queued batches to the watchers, in order, unless another thread is already doing it (it
    /// will deliver ours too). No lock is held while a watcher runs.
    private func deliver(_ database: DatabaseID) {
        while true {
            let work = stores.withLock { stores -> ([BackendChangeBatch], [LocalWatcher])? in
                guard var store = stores[database], !store.delivering, !store.outbox.isEmpty else { return nil }
                let batches = store.outbox
                store.outbox = []
                store.delivering = true
                let watchers = store.watchers
                stores[database] = store
                return (batches, watchers)
            }
            guard let (batches, watchers) = work else { return }
            for batch in batches {
                for watcher in watchers where watcher.isActive {
                    watcher.onBatch(batch)
                }
            }
            stores.withLock { $0[database]?.delivering = false }
        }
    }

    /// Runs the rules over each write, in order, on the documents as the commit would leave them.
    private static func evaluate(
        _ rules: Rules, caller: FirestoreCaller, mutations: [Mutation],
        bases: [ResourcePath: Document?], database: DatabaseID,
        commitTime: Timestamp
    ) throws(FirestoreError) {
        var current = bases
        var writtenEarlier = Set<ResourcePath>()
        for mutation in mutations {
            let before = current[mutation.path] ?? nil
            let after = try mutation.applyOnBackend(
                to: before, commitTime: commitTime, version: 0,
                fullPath: database.fullName(of: mutation.path),
                writtenEarlier: writtenEarlier.contains(mutation.path))
            if mutation.countsAsWrite(of: before) { writtenEarlier.insert(mutation.path) }
            let operation: RulesRequest.Operation
            if after == nil {
                operation = .delete
            } else {
                operation = before == nil ? .create : .update
            }
            let request = RulesRequest(
                operation: operation, path: mutation.path.description, database: database,
                uid: caller.uid, appCheckToken: caller.appCheckToken,
                resourceData: before.map { rulesData($0.fields) },
                requestData: after.map { rulesData($0.fields) })
            try check(rules, request)
            current[mutation.path] = .some(after)
        }
    }

    private static func check(_ rules: Rules, _ request: RulesRequest) throws(FirestoreError) {
        guard rules(request) else {
            throw FirestoreError(.permissionDenied, "Missing or insufficient permissions.")
        }
    }

    private static func rulesData(_ fields: ObjectValue) -> [String: FirestoreValue] {
        fields.publicFields(behavior: .none, reference: Value.resourceName(database:path:))
    }

    private static func distinctPaths(_ mutations: [Mutation]) -> [ResourcePath] {
        var seen = Set<ResourcePath>()
        var paths: [ResourcePath] = []
        for mutation in mutations where seen.insert(mutation.path).inserted {
            paths.append(mutation.path)
        }
        return paths
    }

    private static func documentPath(_ path: String) throws(FirestoreError) -> ResourcePath {
        let parsed = try ResourcePath.parse(path).get()
        guard parsed.isDocument else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid document path (\(path)): a document path has an even "
                    + "number of segments.")
        }
        return parsed
    }
}
