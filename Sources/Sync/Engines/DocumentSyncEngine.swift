// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation
import Observation

/// Keeps one document in sync (the seed's `DocumentSyncEngine`): a real-time listener with retry, an
/// observable ``currentDocument``, local persistence of the document, its ID and failed writes, and analytics
/// events prefixed with the manager key.
///
/// ```swift
/// let engine = DocumentSyncEngine<UserModel>(
///     remote: FirestoreRemoteDocumentService(firestore: db, collectionPath: { "users" }),
///     managerKey: "user", app: app)
/// try await engine.startListening(documentId: "user_123")
/// try await engine.updateDocument(data: ["name": "John"])
/// ```
///
/// `@MainActor` and `@Observable`: views and view models reading ``currentDocument`` are told about changes.
/// When its app is deleted the engine stops for good: its listener is removed, its streams end with
/// ``SyncError/appDeleted(name:)`` and every later call throws it.
@MainActor
@Observable
public final class DocumentSyncEngine<T: DataSyncModelProtocol> {
    /// The document, from the listener or the local cache (nil before either has it).
    public private(set) var currentDocument: T?

    private typealias Core = SyncEngineCore<any RemoteDocumentService<T>, any LocalDocumentPersistence<T>, T?>
    @ObservationIgnored private let core: Core
    @ObservationIgnored private var documentId: String?
    @ObservationIgnored private let writer: SyncWriter<T>

    /// An engine whose files (when `enableLocalPersistence`) live under `persistenceDirectory` (default:
    /// ``SyncPersistenceDirectory/default(for:)``), in a folder named after `managerKey`.
    ///
    /// - Parameters:
    ///   - remote: the remote service of the document's collection.
    ///   - managerKey: names the engine's folder and prefixes its analytics events (`{managerKey}_{event}`).
    ///   - enableLocalPersistence: whether the data, the document ID and pending writes are kept in files
    ///     (`false`: nothing is kept, and a failed write is lost).
    ///   - persistenceDirectory: where the engine's folder goes; nil for the default.
    ///   - logger: where analytics events go; nil for the app's `AnalyticsInterop`, if any.
    ///   - app: the app the engine belongs to: it stops when the app is deleted, and logs to the app's
    ///     `AnalyticsInterop` when no `logger` is given.
    ///   - sleep: how the listener waits before a retry (tests pass one they control).
    public convenience init(
        remote: any RemoteDocumentService<T>, managerKey: String, enableLocalPersistence: Bool = true,
        persistenceDirectory: URL? = nil, logger: (any DataSyncLogger)? = nil, app: FlintApp? = nil,
        sleep: @escaping SyncSleep = realSyncSleep
    ) {
        let persistence = EngineFilePersistence.ifEnabled(
            enableLocalPersistence, persistenceDirectory: persistenceDirectory, app: app
        ) { FileDocumentPersistence<T>(directory: $0, managerKey: managerKey) }
        self.init(
            remote: remote, managerKey: managerKey, localPersistence: persistence, logger: logger, app: app,
            sleep: sleep)
    }

    /// An engine with a persistence of your own (nil: nothing is kept locally, failed writes are not queued).
    public init(
        remote: any RemoteDocumentService<T>, managerKey: String, localPersistence: (any LocalDocumentPersistence<T>)?,
        logger: (any DataSyncLogger)? = nil, app: FlintApp? = nil, sleep: @escaping SyncSleep = realSyncSleep
    ) {
        let core = Core(
            remote: remote, persistence: localPersistence, managerKey: managerKey, logger: logger, app: app,
            sleep: sleep)
        self.core = core
        documentId = core.load { try $0.loadDocumentId() } ?? nil
        currentDocument = core.load { try $0.loadDocument() } ?? nil
        writer = core.makeWriter(
            writes: SyncRemoteWrites.init, loadPendingWrites: { try $0.loadPendingWrites() },
            savePendingWrites: { try $0.savePendingWrites($1) })
        writer.host = self
        core.follow(app)
    }

    // MARK: Listening

    /// Starts syncing the document `documentId`: stores the ID, sends the pending writes, then attaches the
    /// listener (retried with backoff when it fails). The same ID while listening is a no-op; another ID
    /// switches documents.
    /// - Throws: ``SyncError/invalidDocumentId(_:)`` for an empty ID, ``SyncError/appDeleted(name:)``.
    public func startListening(documentId id: String) async throws {
        let remote = try core.remote.require()
        guard !id.isEmpty else { throw SyncError.invalidDocumentId(id) }
        if id == documentId && core.listener.isRunning { return }
        core.listener.stop()
        if documentId != id {
            if currentDocument != nil {
                currentDocument = nil
                core.persist { try $0.saveDocument(nil) }
            }
            documentId = id
            core.persist { try $0.saveDocumentId(id) }
        }
        await syncPendingWrites()
        guard documentId == id, core.remote.service != nil, !core.listener.isRunning else { return }
        core.listener.start(
            parameters: ["document_id": id],
            connect: { remote.streamDocument(id: id) },
            onValue: { [weak self] document in self?.receive(document, id: id) })
    }

    /// Stops listening. With `clearCaches` (the default) the document, its ID and the pending writes are
    /// forgotten, in memory and on disk (`cachesCleared`); otherwise they are kept.
    public func stopListening(clearCaches: Bool = true) {
        core.listener.stop(logging: .always)
        guard clearCaches else { return }
        currentDocument = nil
        documentId = nil
        let hadPending = writer.removeAll()
        core.persist { persistence in
            try persistence.saveDocument(nil)
            try persistence.saveDocumentId(nil)
            try persistence.savePendingWrites([])
        }
        if hadPending { core.events.track("pendingWritesCleared") }
        core.events.track("cachesCleared")
    }

    /// How many writes wait in the pending-writes queue.
    public var pendingWriteCount: Int { writer.pendingWriteCount }

    /// The last error of the local persistence (a damaged file, a failed write), if any.
    public var lastPersistenceError: SyncError? { core.persistenceErrors.last }

    /// Whether the listener is attached or being retried.
    public var isListening: Bool { core.listener.isRunning }
    /// Whether the listener is down, waiting to retry.
    public var isListenerDown: Bool { core.listener.isWaitingToRetry }

    private func receive(_ document: T?, id: String) {
        guard id == documentId else { return }
        let shown = visible(document, id: id)
        currentDocument = shown
        if let document {
            var parameters = document.eventParameters
            parameters["document_id"] = id
            core.events.track("documentUpdated", parameters)
        } else {
            core.events.track("documentDeleted", ["document_id": id])
        }
        core.persist { try $0.saveDocument(shown) }
    }

    /// The remote's `document` with the document's queued write, if any, applied.
    private func visible(_ document: T?, id: String) -> T? {
        guard let write = writer.queuedWrite(for: id) else { return document }
        return PendingWriteOverlay.applying(write, to: document)
    }

    // MARK: Reading

    /// The cached document (``currentDocument``).
    public func getDocument() -> T? { currentDocument }

    /// The cached document; ``SyncError/documentNotFound(id:)`` (or ``SyncError/noDocumentId``) when there is none.
    public func getDocumentOrThrow() throws -> T {
        if let currentDocument { return currentDocument }
        guard let documentId else { throw SyncError.noDocumentId }
        throw SyncError.documentNotFound(id: documentId)
    }

    /// The stored document ID; ``SyncError/noDocumentId`` before `startListening(documentId:)`.
    public func getDocumentId() throws -> String {
        guard let documentId else { throw SyncError.noDocumentId }
        return documentId
    }

    /// The document: the cached one (with `.cachedOrFetch`, the default) or the remote's.
    public func getDocumentAsync(behavior: SyncFetchBehavior = .cachedOrFetch) async throws -> T {
        core.listener.reconnectNow()
        if behavior == .cachedOrFetch, let currentDocument { return currentDocument }
        guard let documentId else { throw SyncError.noDocumentId }
        let document = try await fetch(id: documentId)
        if documentId == self.documentId {
            let shown = visible(document, id: documentId)
            currentDocument = shown
            core.persist { try $0.saveDocument(shown) }
        }
        return document
    }

    /// The document `id` from the remote (no listener needed; the cache is not changed).
    public func getDocumentAsync(id: String) async throws -> T {
        core.listener.reconnectNow()
        return try await fetch(id: id)
    }

    private func fetch(id: String) async throws -> T {
        let remote = try core.remote.require()
        return try await fetchDocument(id: id, events: core.events) { try await remote.getDocument(id: $0) }
    }

    // MARK: Writing

    /// Saves the whole document. A remote failure throws, and (with persistence) queues the write.
    public func saveDocument(_ model: T) async throws {
        try await writer.save(model)
    }

    /// Updates fields (dot-separated paths) of the document given to `startListening(documentId:)`.
    public func updateDocument(data: [String: SyncValue]) async throws {
        guard let documentId else { throw SyncError.noDocumentId }
        try await updateDocument(id: documentId, data: data)
    }

    /// Updates fields of the document `id`.
    public func updateDocument(id: String, data: [String: SyncValue]) async throws {
        try await writer.update(id: id, data: data)
    }

    /// Deletes the document given to `startListening(documentId:)`.
    public func deleteDocument() async throws {
        guard let documentId else { throw SyncError.noDocumentId }
        try await deleteDocument(id: documentId)
    }

    /// Deletes the document `id`.
    public func deleteDocument(id: String) async throws {
        try await writer.delete(id: id)
    }

    /// Sends the queued writes (also done by `startListening`); those that fail again stay queued.
    /// Overlapping calls (a second `startListening` while the first one still sends) share one run, so a
    /// write is never sent twice.
    public func syncPendingWrites() async {
        await writer.sendPendingWrites()
    }

    // MARK: Streams

    /// The document `id` now and after every change, straight from the remote (not cached). Ends when the
    /// consumer stops (removing the remote listener) or, with ``SyncError/appDeleted(name:)``, when the app is deleted.
    public func streamDocument(id: String) -> AsyncThrowingStream<T?, any Error> {
        core.remote.relay { $0.streamDocument(id: id) }
    }
}

extension DocumentSyncEngine: SyncWriterHost {
    func showQueuedWrite(_ write: PendingWrite) {
        guard let id = write.documentId, id == documentId else { return }
        let shown = PendingWriteOverlay.applying(write, to: currentDocument)
        currentDocument = shown
        core.persist { try $0.saveDocument(shown) }
    }
}
