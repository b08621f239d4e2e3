// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The in-memory backend shared by the mock services: documents in insertion order, listeners with their
/// queries, injected errors and a hook run before every operation.
///
/// Deliveries are serialized by `delivery`: a write and the batches it sends are one step, and so are a
/// listener's attachment and its first (initial) value, so a listener never sees a change before its initial
/// batch (which, computed earlier, would then hide the change). The listeners only yield into their streams'
/// continuations; no caller code runs under either lock.
final class MockDocumentStore<Model: DataSyncModelProtocol>: Sendable {
    private final class Listener: Sendable {
        let query: SyncQuery?
        let documentId: String?
        let onChanges: @Sendable (SyncCollectionChanges<Model>) -> Void
        let onDocument: @Sendable (Model?) -> Void
        let onError: @Sendable (any Error) -> Void
        /// For a windowed query (a limit or a cursor): the IDs of the documents last sent as its result.
        let window = Locked<Set<String>>([])
        init(
            query: SyncQuery?, documentId: String?,
            onChanges: @escaping @Sendable (SyncCollectionChanges<Model>) -> Void,
            onDocument: @escaping @Sendable (Model?) -> Void, onError: @escaping @Sendable (any Error) -> Void
        ) {
            self.query = query
            self.documentId = documentId
            self.onChanges = onChanges
            self.onDocument = onDocument
            self.onError = onError
        }
    }

    private struct State {
        var order: [String] = []
        var documents: [String: Model] = [:]
        var errors: [MockOperation: any Error] = [:]
        var calls: [MockOperation] = []
        var listeners: [Int: Listener] = [:]
        var nextListener = 0
        var beforeCall: (@Sendable (MockOperation) async throws -> Void)?
    }

    private let state = Locked(State())
    /// Held while a write is applied and delivered, and while a listener is attached and sent its first value.
    private let delivery = Locked(())

    init(_ models: [Model]) {
        state.withLock { state in
            for model in models where state.documents[model.id] == nil { state.order.append(model.id) }
            for model in models { state.documents[model.id] = model }
        }
    }

    var documents: [Model] { state.withLock { state in state.order.compactMap { state.documents[$0] } } }
    var calls: [MockOperation] { state.withLock { $0.calls } }
    var listenerCount: Int { state.withLock { $0.listeners.count } }

    func setError(_ error: (any Error)?, for operation: MockOperation) {
        state.withLock { $0.errors[operation] = error }
    }

    func setBeforeCall(_ hook: (@Sendable (MockOperation) async throws -> Void)?) {
        state.withLock { $0.beforeCall = hook }
    }

    /// Records the call, runs the hook (no lock held), then throws the injected error, if any.
    func begin(_ operation: MockOperation) async throws {
        let hook = state.withLock { state in
            state.calls.append(operation)
            return state.beforeCall
        }
        try await hook?(operation)
        if let error = state.withLock({ $0.errors[operation] }) { throw error }
    }

    // MARK: Operations of the services: each recorded, hooked and failing as injected (``begin(_:)``)

    /// The documents matching `query`; `SyncError.invalidArgument` for an invalid query.
    func getCollection(query: SyncQuery) async throws -> [Model] {
        try await begin(.getCollection)
        try SyncQueryEvaluator.validate(query)
        return self.query(query)
    }

    /// The document `id`, or nil.
    func getDocument(id: String) async throws -> Model? {
        try await begin(.getDocument)
        return document(id: id)
    }

    /// Stores `model`.
    func saveDocument(_ model: Model) async throws {
        try await begin(.save)
        put(model)
    }

    /// Updates fields of `id`; ``SyncError/documentNotFound(id:)`` when it does not exist.
    func updateDocument(id: String, data: [String: SyncValue]) async throws {
        try await begin(.update)
        try update(id: id, data: data)
    }

    /// Deletes `id`.
    func deleteDocument(id: String) async throws {
        try await begin(.delete)
        remove(id: id)
    }

    // MARK: Documents (no hook, no injected error)

    func document(id: String) -> Model? { state.withLock { $0.documents[id] } }

    func query(_ query: SyncQuery) -> [Model] {
        let all = documents
        guard query != SyncQuery() else { return all }
        let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let fields = all.compactMap { model -> [String: SyncValue]? in
            guard var fields = try? SyncModelCoding.fields(of: model) else { return nil }
            fields["__mock_id__"] = .string(model.id)
            return fields
        }
        return SyncQueryEvaluator.run(query, over: fields, idField: "__mock_id__").compactMap { fields in
            guard case .string(let id) = fields["__mock_id__"] else { return nil }
            return byID[id]
        }
    }

    func put(_ model: Model) {
        delivery.withLock { _ in
            state.withLock { state in
                if state.documents[model.id] == nil { state.order.append(model.id) }
                state.documents[model.id] = model
            }
            notify(id: model.id, model: model)
        }
    }

    func update(id: String, data: [String: SyncValue]) throws {
        guard let existing = document(id: id) else { throw SyncError.documentNotFound(id: id) }
        let fields = SyncFieldUpdate.applying(data, to: try SyncModelCoding.fields(of: existing))
        put(try SyncModelCoding.model(Model.self, from: fields))
    }

    func remove(id: String) {
        delivery.withLock { _ in
            let removed = state.withLock { state -> Bool in
                guard state.documents.removeValue(forKey: id) != nil else { return false }
                state.order.removeAll { $0 == id }
                return true
            }
            if removed { notify(id: id, model: nil) }
        }
    }

    private func notify(id: String, model: Model?) {
        let listeners = state.withLock { Array($0.listeners.values) }
        for listener in listeners {
            if let documentId = listener.documentId {
                if documentId == id { listener.onDocument(model) }
            } else if let query = listener.query, query.isWindowed {
                notifyWindow(listener, query: query, changed: id)
            } else if let model, matches(listener.query ?? SyncQuery(), model) {
                listener.onChanges(SyncCollectionChanges(updated: [model]))
            } else {
                listener.onChanges(SyncCollectionChanges(deleted: [id]))
            }
        }
    }

    /// Sends a windowed listener what changed in its result: the changed document if still in it, the documents
    /// that entered it, the IDs of those that left it.
    private func notifyWindow(_ listener: Listener, query: SyncQuery, changed id: String) {
        let now = self.query(query)
        let ids = Set(now.map(\.id))
        let before = listener.window.withLock { window in
            defer { window = ids }
            return window
        }
        var batch = SyncCollectionChanges<Model>()
        batch.updated = now.filter { $0.id == id || !before.contains($0.id) }
        batch.deleted = before.subtracting(ids).sorted()
        if !batch.updated.isEmpty || !batch.deleted.isEmpty { listener.onChanges(batch) }
    }

    private func matches(_ query: SyncQuery, _ model: Model) -> Bool {
        guard !query.filters.isEmpty else { return true }
        guard let fields = try? SyncModelCoding.fields(of: model) else { return false }
        return SyncQueryEvaluator.matches(query, fields)
    }

    /// Ends every listener with `error`.
    func failListeners(with error: any Error) {
        delivery.withLock { _ in
            let listeners = state.withLock { state -> [Listener] in
                defer { state.listeners.removeAll() }
                return Array(state.listeners.values)
            }
            for listener in listeners { listener.onError(error) }
        }
    }

    /// The initial result of `query`, then one batch per write (for a windowed query, what entered and left its
    /// window); an invalid query ends the stream with `SyncError.invalidArgument`.
    func streamCollection(query: SyncQuery) -> AsyncThrowingStream<SyncCollectionChanges<Model>, any Error> {
        do throws(SyncError) {
            try SyncQueryEvaluator.validate(query)
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        return AsyncThrowingStream { continuation in
            let listener = Listener(
                query: query, documentId: nil,
                onChanges: { continuation.yield($0) }, onDocument: { _ in },
                onError: { continuation.finish(throwing: $0) })
            attach(
                listener, finish: { continuation.finish(throwing: $0) },
                setTermination: { handler in continuation.onTermination = { _ in handler() } }
            ) {
                let initial = self.query(query)
                listener.window.withLock { $0 = Set(initial.map(\.id)) }
                continuation.yield(SyncCollectionChanges(updated: initial, isInitial: true))
            }
        }
    }

    func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error> {
        AsyncThrowingStream { continuation in
            let listener = Listener(
                query: nil, documentId: id, onChanges: { _ in },
                onDocument: { continuation.yield($0) },
                onError: { continuation.finish(throwing: $0) })
            attach(
                listener, finish: { continuation.finish(throwing: $0) },
                setTermination: { handler in continuation.onTermination = { _ in handler() } }
            ) {
                continuation.yield(self.document(id: id))
            }
        }
    }

    /// Registers `listener` once the `stream` operation passed (hook, injected error), then sends the first
    /// value; the stream's termination cancels the attachment or removes the listener, whichever applies.
    private func attach(
        _ listener: Listener, finish: @escaping @Sendable (any Error) -> Void,
        setTermination: (@escaping @Sendable () -> Void) -> Void,
        first: @escaping @Sendable () -> Void
    ) {
        let registration = Locked<(key: Int?, terminated: Bool)>((nil, false))
        let task = Task {
            do {
                try await begin(.stream)
            } catch {
                finish(error)
                return
            }
            delivery.withLock { _ in
                let attached = registration.withLock { registration -> Bool in
                    guard !registration.terminated else { return false }
                    registration.key = state.withLock { state in
                        state.nextListener += 1
                        state.listeners[state.nextListener] = listener
                        return state.nextListener
                    }
                    return true
                }
                if attached { first() }
            }
        }
        setTermination { [weak self] in
            task.cancel()
            let key = registration.withLock { registration -> Int? in
                registration.terminated = true
                return registration.key
            }
            if let key { self?.removeListener(key) }
        }
    }

    private func removeListener(_ key: Int) {
        state.withLock { _ = $0.listeners.removeValue(forKey: key) }
    }
}
