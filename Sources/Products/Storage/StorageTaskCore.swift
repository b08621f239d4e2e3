// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The state machine shared by ``StorageUploadTask`` and ``StorageDownloadTask``: status, progress,
/// observers, the pause gate the transfer waits on between chunks, and the completion.
///
/// Every event is decided under the lock and handed, in that order, to a serial delivery queue; observers
/// and completions run there, never under the lock. Terminal events remove every observer, and no event
/// is accepted after them.
final class StorageTaskCore: Sendable {
    typealias Handler = @Sendable (StorageTaskSnapshot) -> Void
    typealias Completion = @Sendable (Result<StorageMetadata, StorageError>) -> Void

    private struct Observer {
        let handle: String
        let status: StorageTaskStatus
        let handler: Handler
    }

    private struct State {
        var status: StorageTaskStatus = .unknown
        var completed: Int64 = 0
        var total: Int64
        var reported: Int64 = -1
        var metadata: StorageMetadata?
        var error: StorageError?
        var observers: [Observer] = []
        var nextHandle = 0
        var resumeWaiter: CheckedContinuation<Bool, Never>?
        var completions: [Completion] = []
        var work: Task<Void, Never>?
        var enqueued = false
        /// The task this core runs (weak: the task owns the core).
        weak var task: (any StorageTask)?
        /// The task, held from its enqueue to its end, so that a running task lives on when its caller drops it.
        var running: (any StorageTask)?
    }

    let reference: StorageReference
    private let state: Locked<State>
    private let delivery: DispatchQueue

    init(reference: StorageReference, total: Int64, metadata: StorageMetadata?) {
        self.reference = reference
        var initial = State(total: total)
        initial.metadata = metadata
        state = Locked(initial)
        delivery = DispatchQueue(label: "flint.storage.task", target: reference.storage.callbackQueue)
    }

    // MARK: - Observers

    var snapshot: StorageTaskSnapshot { state.withLock { snapshot(of: $0) } }

    func observe(_ status: StorageTaskStatus, handler: @escaping Handler) -> String {
        state.withLock { state in
            defer { state.nextHandle += 1 }
            let handle = "\(state.nextHandle)"
            if !state.status.isTerminal {
                state.observers.append(Observer(handle: handle, status: status, handler: handler))
            }
            if state.status == status {
                let snapshot = snapshot(of: state)
                delivery.async { handler(snapshot) }
            }
            return handle
        }
    }

    /// The number of observers registered (for tests: streams remove theirs).
    var observerCount: Int { state.withLock { $0.observers.count } }

    func removeObserver(withHandle handle: String) {
        state.withLock { $0.observers.removeAll { $0.handle == handle } }
    }

    func removeAllObservers(for status: StorageTaskStatus) {
        state.withLock { $0.observers.removeAll { $0.status == status } }
    }

    func removeAllObservers() {
        state.withLock { $0.observers.removeAll() }
    }

    /// Calls `completion` once with the task's result (at once, on the delivery queue, if it is over).
    func onCompletion(_ completion: @escaping Completion) {
        state.withLock { state in
            if let result = result(of: state) {
                delivery.async { completion(result) }
            } else {
                state.completions.append(completion)
            }
        }
    }

    /// The task's result; cancelling the waiting Swift task cancels the storage task.
    func result() async throws -> StorageMetadata {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                onCompletion { continuation.resume(with: $0.mapError { $0 as any Error }) }
            }
        } onCancel: {
            cancel()
        }
    }

    // MARK: - Control

    /// Registers the task with its instance (`Storage.track(_:)`) before it starts; when the app was deleted,
    /// fails it with ``StorageErrorCode/cancelled`` instead and returns false.
    func register() -> Bool {
        let first = state.withLock { state in
            defer { state.enqueued = true }
            if !state.enqueued { state.running = state.task }
            return !state.enqueued
        }
        guard first else { return false }
        let storage = reference.storage
        guard storage.track(self) else {
            fail(
                StorageError(
                    .cancelled, message: "The app was deleted.", bucket: storage.bucket, object: reference.fullPath))
            return false
        }
        return true
    }

    /// Starts `work` (fires `resume`), unless the task is already over (cancelled before it started).
    func start(_ work: @escaping @Sendable (StorageTaskCore) async -> Void) {
        state.withLock { state in
            guard state.status == .unknown else { return }
            state.status = .resume
            fire(.resume, in: &state)
            state.work = Task { await work(self) }
        }
    }

    func pause() {
        state.withLock { state in
            guard state.status == .resume || state.status == .progress else { return }
            state.status = .pause
            fire(.pause, in: &state)
        }
    }

    func resume() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard state.status == .pause else { return nil }
            state.status = .resume
            fire(.resume, in: &state)
            defer { state.resumeWaiter = nil }
            return state.resumeWaiter
        }
        waiter?.resume(returning: true)
    }

    func cancel() {
        fail(StorageError(.cancelled, bucket: reference.bucket, object: reference.fullPath))
    }

    // MARK: - Transfer side

    /// Waits while the task is paused; false when it is over (cancelled), true to go on.
    func proceed() async -> Bool {
        await withCheckedContinuation { continuation in
            let decision = state.withLock { state -> Bool? in
                if state.status.isTerminal { return false }
                if state.status == .pause {
                    state.resumeWaiter = continuation
                    return nil
                }
                return true
            }
            if let decision { continuation.resume(returning: decision) }
        }
    }

    /// Sets the number of bytes to transfer.
    func setTotal(_ total: Int64) {
        state.withLock { state in
            guard !state.status.isTerminal else { return }
            state.total = total
        }
    }

    /// Records `completed` bytes and fires `progress` (not while paused: the resume event comes first).
    func progress(_ completed: Int64) {
        state.withLock { state in
            guard !state.status.isTerminal else { return }
            state.completed = completed
            guard state.status != .pause else { return }
            state.status = .progress
            state.reported = completed
            fire(.progress, in: &state)
        }
    }

    /// Ends the task with `metadata`: a final progress (unless the last one already had every byte), then
    /// success.
    func succeed(_ metadata: StorageMetadata) {
        state.withLock { state in
            guard !state.status.isTerminal else { return }
            state.completed = state.total
            state.metadata = metadata
            if state.reported != state.total {
                state.status = .progress
                state.reported = state.total
                fire(.progress, in: &state)
            }
            state.status = .success
            finish(in: &state)
        }
    }

    /// Ends the task with `error` (fires failure) and wakes a paused transfer so that it stops.
    func fail(_ error: StorageError) {
        let (waiter, work) = state.withLock { state -> (CheckedContinuation<Bool, Never>?, Task<Void, Never>?) in
            guard !state.status.isTerminal else { return (nil, nil) }
            state.status = .failure
            state.error = error
            finish(in: &state)
            defer { state.resumeWaiter = nil }
            return (state.resumeWaiter, state.work)
        }
        waiter?.resume(returning: false)
        if error.code == .cancelled { work?.cancel() }
    }

    // MARK: - Internals

    /// Hands the observers of `status` and the current snapshot to the delivery queue.
    private func fire(_ status: StorageTaskStatus, in state: inout State) {
        let handlers = state.observers.filter { $0.status == status }.map(\.handler)
        guard !handlers.isEmpty else { return }
        let snapshot = snapshot(of: state)
        delivery.async { for handler in handlers { handler(snapshot) } }
    }

    /// Fires the terminal status, then the completions; drops every observer.
    private func finish(in state: inout State) {
        fire(state.status, in: &state)
        state.observers.removeAll()
        let completions = state.completions
        state.completions.removeAll()
        state.work = nil
        state.running = nil
        if let result = result(of: state), !completions.isEmpty {
            delivery.async { for completion in completions { completion(result) } }
        }
        reference.storage.untrack(self)
    }

    private func result(of state: State) -> Result<StorageMetadata, StorageError>? {
        switch state.status {
        case .success: .success(state.metadata ?? StorageMetadata())
        case .failure: .failure(state.error ?? StorageError(.unknown))
        default: nil
        }
    }

    /// Records the task this core runs, once the task is made.
    func attach(_ task: any StorageTask) {
        state.withLock { $0.task = task }
    }

    private func snapshot(of state: State) -> StorageTaskSnapshot {
        // A snapshot is made for a caller holding the task, or while it runs (held by `running`).
        guard let task = state.running ?? state.task else {
            preconditionFailure("A Storage task's snapshot was made after the task was released.")
        }
        return StorageTaskSnapshot(
            task: task, reference: reference, status: state.status, completedUnitCount: state.completed,
            totalUnitCount: state.total, metadata: state.metadata, error: state.error)
    }
}
