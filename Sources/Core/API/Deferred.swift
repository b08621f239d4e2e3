// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A dependency that may arrive later: what a factory with a ``Dependency/deferred(_:)-(T.Type)``
/// dependency receives from `container.deferred(for:)`, as Firebase Android's `Deferred<T>`.
///
/// The type may be provided when the app is configured, or only later, by a library registered after the app
/// was configured (libraries registered later reach existing apps). Code that can work without it asks to be
/// told when it arrives:
///
/// ```swift
/// Component(Uploader.self, dependencies: [.deferred(AnalyticsInterop.self)]) { container, isCacheable in
///     isCacheable = true
///     let uploader = Uploader()
///     try container.deferred(for: AnalyticsInterop.self).whenAvailable { analytics in
///         uploader.attach(analytics)          // now, or when a library providing it is registered
///     }
///     return uploader
/// }
/// ```
///
/// A deferred holds its container weakly. Handlers still waiting when the app is deleted are dropped, never
/// called.
public struct Deferred<T: Sendable>: Sendable {
    private let reference: WeakStorageReference
    private let key: TypeKey

    init(storage: ContainerStorage, key: TypeKey) {
        reference = WeakStorageReference(storage)
        self.key = key
    }

    /// A provider of the type if a component provides it now, nil if none does yet (or the app is gone).
    public var provider: Provider<T>? {
        guard let storage = reference.storage, !storage.isDeleted,
            let index = storage.index(of: key.id)
        else { return nil }
        return Provider(storage: storage, index: index, key: key)
    }

    /// Calls `handler` once with a provider of the type: right away (on this thread) if a component provides it
    /// now, otherwise on the thread that registers the library providing it, after that library's components
    /// joined the app. Never called if the app is deleted first. No lock is held while `handler` runs.
    public func whenAvailable(_ handler: @escaping @Sendable (Provider<T>) -> Void) {
        guard let storage = reference.storage else { return }
        let key = key
        let waiter = DeferredWaiter(
            available: { [weak storage] in
                guard let storage else { return }
                handler(Provider(storage: storage, index: storage.index(of: key.id), key: key))
            }, deleted: {})
        if case .availableNow = storage.waitForAvailability(of: key.id, waiter) { waiter.available() }
    }

    /// The instance, once a component provides the type: at once if one does now, otherwise when a library
    /// providing it is registered.
    ///
    /// - Throws: ``ComponentError/appDeleted(name:)`` if the app is deleted before; `CancellationError` if the
    ///   waiting task is cancelled; any error resolving the instance.
    public func value() async throws -> T {
        guard let storage = reference.storage else { throw ComponentError.appDeleted(name: reference.appName) }
        let wait = DeferredWait()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                wait.start(continuation)
                let waiter = DeferredWaiter(
                    available: { wait.finish(.success(())) },
                    deleted: { [appName = storage.appName] in
                        wait.finish(.failure(ComponentError.appDeleted(name: appName)))
                    })
                switch storage.waitForAvailability(of: key.id, waiter) {
                case .availableNow: wait.finish(.success(()))
                case .deleted: wait.finish(.failure(ComponentError.appDeleted(name: storage.appName)))
                case .registered(let token): wait.registered(token, in: storage)
                }
            }
        } onCancel: {
            wait.cancel()
        }
        guard let index = storage.index(of: key.id) else { throw ComponentError.notRegistered(type: key.name) }
        return try storage.value(at: index, as: T.self)
    }
}

/// Someone waiting for a type to become available in a container: called once, with `available` when a
/// library providing it joins the app, or `deleted` when the app is deleted first.
struct DeferredWaiter: Sendable {
    let available: @Sendable () -> Void
    let deleted: @Sendable () -> Void
}

/// What ``ContainerStorage/waitForAvailability(of:_:)`` did with a waiter.
enum DeferredWaitOutcome {
    /// The type is provided now: the waiter was not registered; call it yourself.
    case availableNow
    /// The app is deleted: the waiter was not registered.
    case deleted
    /// The waiter was registered under this token (for ``ContainerStorage/cancelWaiting(_:)``).
    case registered(Int)
}

/// One `Deferred.value()` call's continuation, resumed exactly once: by availability, deletion or cancellation,
/// whichever comes first.
final class DeferredWait: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var finished = false
        var cancelled = false
        var token: Int?
        weak var storage: ContainerStorage?
    }

    private let state = Locked(State())

    /// Stores the continuation (resuming it at once if the task was already cancelled).
    func start(_ continuation: CheckedContinuation<Void, any Error>) {
        let cancelled = state.withLock { state in
            state.continuation = continuation
            return state.cancelled
        }
        if cancelled { finish(.failure(CancellationError())) }
    }

    /// Records the registration, or withdraws it if the task was cancelled meanwhile.
    func registered(_ token: Int, in storage: ContainerStorage) {
        let cancelled = state.withLock { state in
            state.token = token
            state.storage = storage
            return state.cancelled
        }
        if cancelled { storage.cancelWaiting(token) }
    }

    /// Withdraws the registration and ends the wait with `CancellationError`.
    func cancel() {
        let (token, storage) = state.withLock { state in
            state.cancelled = true
            return (state.token, state.storage)
        }
        if let token { storage?.cancelWaiting(token) }
        finish(.failure(CancellationError()))
    }

    /// Resumes the continuation with `result`, unless it was resumed already.
    func finish(_ result: Result<Void, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard !state.finished, let continuation = state.continuation else { return nil }
            state.finished = true
            state.continuation = nil
            return continuation
        }
        continuation?.resume(with: result)
    }
}
