// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

extension StorageTask {
    /// The task's progress as an `AsyncSequence` (named as in Firebase's `AsyncSequence` proposal): a snapshot for each
    /// `progress` event; the sequence finishes after success and throws the task's error on failure
    /// (`cancelled` when the task is cancelled or its app deleted).
    ///
    /// ```swift
    /// let task = ref.putData(data)
    /// for try await snapshot in task.progressUpdates {
    ///     bar.update(snapshot.fractionCompleted)
    /// }
    /// print("uploaded")
    /// ```
    ///
    /// Each iteration has its own observers; they are removed when the loop ends however it ends (`break`,
    /// cancellation of the consuming task, the stream dropped, the task over). Snapshots are events: the stream
    /// buffers without limit, so none is dropped.
    public var progressUpdates: AsyncThrowingStream<StorageTaskSnapshot, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: StorageTaskSnapshot.self)
        let registration = StorageObserverRegistration(task: self)
        continuation.onTermination = { _ in registration.remove() }
        let handles = [
            observe(.progress) { continuation.yield($0) },
            observe(.success) { _ in continuation.finish() },
            observe(.failure) { continuation.finish(throwing: $0.error ?? StorageError(.unknown)) },
        ]
        registration.install(handles)
        return stream
    }
}

/// The observers of one ``StorageTask/progressUpdates`` stream, removed when the stream terminates, whether
/// that happens before or after they are installed (the `StreamRegistrationSlot` pattern of FlintCore's
/// `listening` streams, which finish only by throwing: this stream also finishes normally after success).
final class StorageObserverRegistration: ListenerRegistration {
    private enum State {
        case pending
        case installed([String])
        case removed
    }

    private let task: any StorageTask
    private let state = Locked(State.pending)

    init(task: any StorageTask) {
        self.task = task
    }

    /// Keeps `handles`, or removes them at once if the stream already terminated.
    func install(_ handles: [String]) {
        let removeNow = state.withLock { state in
            guard case .pending = state else { return true }
            state = .installed(handles)
            return false
        }
        if removeNow { handles.forEach(task.removeObserver(withHandle:)) }
    }

    /// Removes the observers (once).
    func remove() {
        let handles = state.withLock { state -> [String] in
            defer { state = .removed }
            if case .installed(let handles) = state { return handles }
            return []
        }
        handles.forEach(task.removeObserver(withHandle:))
    }
}
