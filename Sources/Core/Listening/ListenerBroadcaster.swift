// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// A thread-safe listener registry that fans each value out to many listeners.
///
/// This is the listener half of every product's stream API: a product keeps one broadcaster per kind of
/// event, returns ``addListener(_:)``'s registration from its `add…Listener` method, calls ``send(_:)``
/// when something happens, and builds its `AsyncSequence` properties with
/// `AsyncStream.listening(bufferingPolicy:_:)` on top of `addListener`.
///
/// Cost model: the listeners live in an immutable array that ``addListener(_:)`` and removal replace
/// (copy-on-write, only when a ``send(_:)`` is using the old one), so ``send(_:)`` is one short lock to
/// take a reference to the current array, then a plain loop that borrows each entry (no reference
/// counting per listener) and checks its flag: fanning out to 1,000 listeners costs about one closure
/// call per listener. `send` is `@inlinable`, so it is specialized for the caller's `Value`.
/// No lock is held while a listener runs, so a listener may add or remove listeners, or send again,
/// without deadlock.
///
/// Guarantees:
/// - Listeners registered when a `send` starts are called in registration order; a listener added during a
///   `send` is first called by the next `send`.
/// - A listener whose registration was removed before its turn (even by an earlier listener of the same
///   `send`) is not called. A `remove()` running at the same moment on another thread may race with a call
///   that has already begun; once `remove()` has returned, no new call starts.
/// - Removing a registration, ``removeAll()`` and dropping the broadcaster each release the listener
///   closures concerned (and what they capture), even while someone keeps the registration.
public final class ListenerBroadcaster<Value: Sendable>: Sendable {
    /// The current listeners in registration order (copy-on-write: a `send` keeps its own snapshot).
    @usableFromInline let entries = Locked<[Entry]>([])

    /// Creates a broadcaster with no listeners.
    public init() {}

    /// Removes every listener, releasing their closures (registrations kept elsewhere become removed).
    deinit {
        removeAll()
    }

    /// Registers `listener` to receive every value sent from now on, until the returned registration is
    /// removed (or ``removeAll()`` is called).
    ///
    /// The broadcaster holds the listener strongly; the registration does not keep the broadcaster alive.
    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (Value) -> Void) -> any ListenerRegistration {
        let entry = Entry(listener)
        entries.withLock { $0.append(entry) }
        return Registration(entry: entry, entries: entries)
    }

    /// Delivers to every listener registered when send starts, in registration order, WITHOUT holding the lock
    /// while listeners run. A listener removed before its turn is not called.
    @inlinable
    public func send(_ value: Value) {
        let snapshot = entries.withLock { $0 }
        // `snapshot` keeps every entry alive until the loop ends, so the loop borrows them (+0) instead of
        // retaining and releasing each one: that pair of atomic operations would otherwise cost several
        // times the listener call itself. A strong reference and an `Unmanaged` have the same layout.
        snapshot.withUnsafeBufferPointer { owned in
            owned.withMemoryRebound(to: Unmanaged<Entry>.self) { borrowed in
                for unmanaged in borrowed {
                    unmanaged._withUnsafeGuaranteedRef { entry in
                        if entry.isActive {
                            entry.listener(value)
                        }
                    }
                }
            }
        }
    }

    /// The number of listeners currently registered.
    public var listenerCount: Int {
        entries.withLock { $0.count }
    }

    /// Removes every listener (their registrations become removed).
    ///
    /// A `send` already running skips the listeners it has not reached yet.
    public func removeAll() {
        let removed = entries.withLock { list in
            let old = list
            list = []
            return old
        }
        for entry in removed {
            _ = entry.deactivate()
        }
    }

    /// One registered listener: the closure plus its "still active" flag.
    ///
    /// Only the broadcaster's array (and the snapshots `send` takes of it) hold an entry strongly, so the
    /// closure is released as soon as the entry leaves the array and no `send` is using it.
    @usableFromInline
    final class Entry: Sendable {
        /// The listener closure.
        @usableFromInline let listener: @Sendable (Value) -> Void
        /// Cleared exactly once, by the first removal. Relaxed ordering is enough: the flag guards no other
        /// memory (the closure is immutable and published through the lock), and coherence on this one
        /// location already guarantees that a `send` starting after `remove()` returned reads `false`.
        @usableFromInline let active = Atomic<Bool>(true)

        init(_ listener: @escaping @Sendable (Value) -> Void) {
            self.listener = listener
        }

        /// Whether the listener should still be called.
        @inlinable var isActive: Bool { active.load(ordering: .relaxed) }

        /// Clears the flag; true only for the call that actually cleared it.
        func deactivate() -> Bool {
            active.exchange(false, ordering: .relaxed)
        }
    }

    /// The handle `addListener` returns.
    ///
    /// It references its entry weakly, so only the listener array (and the snapshots `send` is using) keeps
    /// a listener closure alive: removing the registration, ``removeAll()`` or dropping the broadcaster
    /// releases it even while someone keeps the registration. It references the broadcaster's listener array
    /// rather than the broadcaster, so it never keeps the broadcaster alive. (The weak reference gives each
    /// entry a side table, which would make retaining entries slower; `send` borrows them instead.)
    private final class Registration: ListenerRegistration {
        private weak let entry: Entry?
        /// The broadcaster's listener array, to detach the entry from.
        private let entries: Locked<[Entry]>

        init(entry: Entry, entries: Locked<[Entry]>) {
            self.entry = entry
            self.entries = entries
        }

        func remove() {
            // The flag makes removal idempotent and tells a running `send` to skip the listener.
            guard let entry, entry.deactivate() else { return }
            entries.withLock { list in
                if let index = list.firstIndex(where: { $0 === entry }) {
                    list.remove(at: index)
                }
            }
        }
    }
}
