// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A locked cache of instances by key, for multi-instance providers (Firestore per database, Storage per
/// bucket, Database per URL, Functions per region, Remote Config per namespace).
///
/// A provider component owns one cache per app and empties it in `appWillBeDeleted`:
///
/// ```swift
/// func firestore(database: String) throws -> Firestore {
///     try instances.instance(for: database) { Firestore(app: app, database: $0) }
/// }
/// ```
///
/// Each key's instance is created exactly once, even when many threads ask at the same moment, and the
/// cache lock is never held while `create` runs: other keys stay available, and a second caller for a key
/// being created blocks (on a condition, not the cache lock) until that creation ends.
public final class KeyedInstanceCache<Key: Hashable & Sendable, Value: AnyObject & Sendable>: Sendable {
    /// Created instances and creations in progress. Never locked while user code runs.
    private let slots = Locked<[Key: Slot]>([:])

    /// Creates an empty cache.
    public init() {}

    /// Returns the instance for `key`, creating it with `create` exactly once per key even under contention,
    /// WITHOUT holding the cache lock while `create` runs (other keys stay available; a second caller for the same
    /// key waits for the first creation). If `create` throws, nothing is cached, the error is rethrown to the creating
    /// caller, and a waiting caller retries the creation itself.
    ///
    /// Declared `throws` (not `rethrows`) because of one error of its own: if `create` asks this cache for the
    /// same key on the same thread (directly or through other code), that inner call throws
    /// ``KeyedInstanceCacheError/reentrantCreation(key:)`` instead of deadlocking; the outer creation goes on.
    /// Only same-thread re-entrancy is detected: a `create` that synchronously waits for *another* thread
    /// which asks for the same key deadlocks, as with any lock.
    ///
    /// If ``removeAll()`` runs while a creation is in progress, that creation's instance is returned to its
    /// caller but not cached.
    public func instance(for key: Key, create: (Key) throws -> Value) throws -> Value {
        while true {
            switch nextStep(for: key) {
            case .found(let value):
                return value
            case .wait(let creation):
                creation.waitUntilFinished()  // then look again: created, or failed and ours to retry
            case .reentrant:
                throw KeyedInstanceCacheError.reentrantCreation(key: String(describing: key))
            case .create(let creation):
                defer { creation.finish() }
                let value: Value
                do {
                    value = try create(key)
                } catch {
                    slots.withLock { slots in
                        if case .creating(let current) = slots[key], current === creation {
                            slots[key] = nil
                        }
                    }
                    throw error
                }
                slots.withLock { slots in
                    if case .creating(let current) = slots[key], current === creation {
                        slots[key] = .ready(value)
                    }
                }
                return value
            }
        }
    }

    /// The instance already created for `key`, or nil (also while it is being created). Never creates.
    public func cachedInstance(for key: Key) -> Value? {
        slots.withLock { slots in
            if case .ready(let value) = slots[key] { return value }
            return nil
        }
    }

    /// Every instance created so far (creations in progress are not included), in no particular order.
    public var instances: [Value] {
        slots.withLock { slots in
            slots.values.compactMap { slot in
                if case .ready(let value) = slot { return value }
                return nil
            }
        }
    }

    /// The number of created instances (creations in progress are not counted).
    public var count: Int {
        slots.withLock { slots in
            slots.values.reduce(0) { count, slot in
                if case .ready = slot { return count + 1 }
                return count
            }
        }
    }

    /// Removes `value` if it is the instance cached for `key` (compared by identity), so that the next request
    /// for `key` creates a new one; returns whether it was removed. A different instance cached for `key`
    /// (created after `value` was removed once already) stays, and so does a creation in progress.
    ///
    /// For an instance that can end itself, like Firestore's `terminate()`.
    @discardableResult public func remove(_ value: Value, for key: Key) -> Bool {
        slots.withLock { slots in
            guard case .ready(let cached) = slots[key], cached === value else { return false }
            slots[key] = nil
            return true
        }
    }

    /// Empties the cache and returns what it held (for appWillBeDeleted).
    ///
    /// Creations in progress are forgotten: they finish and return their instance to their caller without
    /// caching it, and callers waiting for them create a fresh instance.
    @discardableResult public func removeAll() -> [Value] {
        let removed = slots.withLock { slots in
            let old = slots
            slots = [:]
            return old
        }
        return removed.values.compactMap { slot in
            if case .ready(let value) = slot { return value }
            return nil
        }
    }

    // MARK: - Internals

    /// What one look at the slots decided.
    private enum Step {
        case found(Value)
        case wait(Creation)
        case reentrant
        case create(Creation)
    }

    /// A key's state in the cache.
    private enum Slot: Sendable {
        case ready(Value)
        case creating(Creation)
    }

    /// Looks up `key` under the lock and, when it is absent, claims its creation for the calling thread.
    private func nextStep(for key: Key) -> Step {
        let thread = currentThreadID()
        return slots.withLock { slots in
            switch slots[key] {
            case .ready(let value):
                return .found(value)
            case .creating(let creation):
                return creation.thread == thread ? .reentrant : .wait(creation)
            case nil:
                let creation = Creation(thread: thread)
                slots[key] = .creating(creation)
                return .create(creation)
            }
        }
    }

    /// One creation in progress: which thread runs it, and a condition other callers wait on.
    private final class Creation: Sendable {
        /// The thread running `create`, to tell re-entrancy from contention.
        let thread: UInt
        /// Guards `finished`; waiters sleep on it.
        private let condition = NSCondition()
        /// Set once by `finish()`; read and written only while `condition` is locked.
        private nonisolated(unsafe) var finished = false

        init(thread: UInt) {
            self.thread = thread
        }

        /// Blocks until `finish()` has been called.
        func waitUntilFinished() {
            condition.lock()
            while !finished {
                condition.wait()
            }
            condition.unlock()
        }

        /// Wakes every waiter, for good.
        func finish() {
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// An identifier of the calling thread, unique among running threads.
private func currentThreadID() -> UInt {
    #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
    #elseif canImport(Glibc)
        return UInt(pthread_self())
    #else
        return UInt(bitPattern: ObjectIdentifier(Thread.current))
    #endif
}
