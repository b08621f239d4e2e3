// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Synchronization

/// Auth's ID-token listeners and the ordered queue of notifications for them.
///
/// Every state change of Auth queues one notification *while Auth holds its state lock* (so notifications
/// are in the order of the changes), then delivers the queue *after* unlocking. Whichever thread finds the
/// queue idle delivers everything pending, in order, with no lock held; a thread that finds a delivery
/// already running leaves its notification to it. So every listener sees the states in the order they
/// happened, even when several threads change them at once, and a listener may call back into Auth (sign
/// out, add a listener) without deadlock: its notification is delivered after the current one.
///
/// A new listener is first called with the state at the moment it registered and then with every later
/// change, never with an older one: registration queues the current user for that listener alone, and
/// broadcasts queued before it are skipped for it.
final class AuthListenerQueue: Sendable {
    /// A listener as Firebase declares it: the Auth and the user (nil when signed out).
    typealias Listener = @Sendable (Auth, User?) -> Void

    /// One registered listener.
    private final class Entry: Sendable {
        /// The sequence number of the listener's first notification; it skips broadcasts queued before it.
        let since: UInt64
        let listener: Listener
        /// Called once when the queue closes (the app is deleted) while the listener is registered: streams
        /// finish there.
        let onClose: (@Sendable () -> Void)?
        /// Cleared by removal: a notification already taken from the queue is not delivered after it.
        let active = Atomic<Bool>(true)

        init(since: UInt64, listener: @escaping Listener, onClose: (@Sendable () -> Void)?) {
            self.since = since
            self.listener = listener
            self.onClose = onClose
        }
    }

    /// One queued notification: for every listener registered before it, or only for `target`.
    private struct Notification {
        let sequence: UInt64
        let user: User?
        let target: Entry?
    }

    private struct State {
        var entries: [Entry] = []
        var pending: [Notification] = []
        var nextSequence: UInt64 = 0
        var isDelivering = false
        /// Set by ``close()``: nothing is registered or queued any more.
        var isClosed = false
    }

    private let state = Locked(State())

    /// The number of registered listeners.
    var count: Int { state.withLock { $0.entries.count } }

    /// Whether every queued notification has been delivered (for tests).
    var isIdle: Bool { state.withLock { $0.pending.isEmpty && !$0.isDelivering } }

    /// Queues `user` for every registered listener. Call it while holding the owner's state lock, right
    /// after the change, and call ``deliverPending(from:)`` after unlocking.
    func enqueue(_ user: User?) {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.pending.append(Notification(sequence: state.nextSequence, user: user, target: nil))
            state.nextSequence += 1
        }
    }

    /// Registers `listener` and queues `current` for it alone. Call it while holding the owner's state lock
    /// (so `current` is the state of this moment), and ``deliverPending(from:)`` after unlocking.
    ///
    /// Once the queue is closed nothing is registered: the registration is inert and `isClosed` is true (the
    /// caller then calls its `onClose` itself, after unlocking).
    func add(
        _ listener: @escaping Listener, current: User?,
        onClose: (@Sendable () -> Void)? = nil
    ) -> (registration: any ListenerRegistration, isClosed: Bool) {
        let entry = state.withLock { state -> Entry? in
            guard !state.isClosed else { return nil }
            let entry = Entry(since: state.nextSequence, listener: listener, onClose: onClose)
            state.pending.append(Notification(sequence: state.nextSequence, user: current, target: entry))
            state.nextSequence += 1
            state.entries.append(entry)
            return entry
        }
        guard let entry else { return (ClosureListenerRegistration {}, true) }
        let registration = ClosureListenerRegistration { [weak self, weak entry] in
            guard let entry, entry.active.exchange(false, ordering: .relaxed) else { return }
            self?.state.withLock { state in
                state.entries.removeAll { $0 === entry }
            }
        }
        return (registration, false)
    }

    /// Delivers every pending notification in order, unless another thread is already doing it (then that
    /// thread delivers them). Never holds a lock while a listener runs.
    func deliverPending(from auth: Auth) {
        let claimed = state.withLock { state in
            guard !state.isDelivering, !state.pending.isEmpty else { return false }
            state.isDelivering = true
            return true
        }
        guard claimed else { return }
        while let (user, targets) = nextNotification() {
            for entry in targets where entry.active.load(ordering: .relaxed) {
                entry.listener(auth, user)
            }
        }
    }

    /// Closes the queue (the app is being deleted): removes every listener, drops pending notifications,
    /// calls each removed listener's `onClose` (streams finish), and refuses later registrations.
    func close() {
        let removed = state.withLock { state in
            defer {
                state.entries = []
                state.pending = []
                state.isClosed = true
            }
            return state.entries
        }
        for entry in removed {
            entry.active.store(false, ordering: .relaxed)
        }
        for entry in removed {
            entry.onClose?()
        }
    }

    /// Takes the next notification and the listeners it is for, or ends the delivery when none is left.
    private func nextNotification() -> (User?, [Entry])? {
        state.withLock { state in
            guard !state.pending.isEmpty else {
                state.isDelivering = false
                return nil
            }
            let notification = state.pending.removeFirst()
            if let target = notification.target {
                return (notification.user, [target])
            }
            return (notification.user, state.entries.filter { $0.since < notification.sequence })
        }
    }
}
