// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What uploads and downloads have in common (Firebase's `StorageObservableTask` and
/// `StorageTaskManagement`): observers per status, pause, resume and cancel.
///
/// ```swift
/// let task = ref.putData(data)
/// task.observe(.progress) { snapshot in print(snapshot.completedUnitCount, "/", snapshot.totalUnitCount) }
/// task.observe(.success) { snapshot in print("stored", snapshot.metadata?.size ?? 0, "bytes") }
/// ```
///
/// Observers run one at a time, in the order of the task's events, on a serial queue that targets the
/// instance's ``Storage/callbackQueue``; never while the task holds a lock. After success or failure no
/// event is delivered and every observer is removed.
public protocol StorageTask: AnyObject, Sendable {
    /// The task's current state.
    var snapshot: StorageTaskSnapshot { get }

    /// Calls `handler` on each `status` event; if the task is already in `status`, once at once too.
    /// Returns a handle for ``removeObserver(withHandle:)``.
    @discardableResult
    func observe(
        _ status: StorageTaskStatus,
        handler: @escaping @Sendable (StorageTaskSnapshot) -> Void
    ) -> String
    /// Removes the observer with `handle`.
    func removeObserver(withHandle handle: String)
    /// Removes the observers of `status`.
    func removeAllObservers(for status: StorageTaskStatus)
    /// Removes every observer.
    func removeAllObservers()
    /// Starts the task if it has not started (its factory already did: a later call does nothing), as the SDK's
    /// `StorageTaskManagement.enqueue()`.
    func enqueue()
    /// Pauses a running task after the chunk in flight (fires `pause`).
    func pause()
    /// Resumes a paused task (fires `resume`).
    func resume()
    /// Fails the task with ``StorageErrorCode/cancelled`` (fires `failure`, then removes observers); nothing
    /// happens after success or failure.
    func cancel()
}
