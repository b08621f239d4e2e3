// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

extension Auth {
    /// Registers `listener` for ID-token changes: called right away with the current user (nil when signed
    /// out), then whenever the signed-in user's raw ID token changes (sign-in, sign-out, user switch, token
    /// refresh), in order. As in Firebase, a change that leaves the token string as it was notifies nobody.
    ///
    /// Listeners run on the thread that made the change (or the one delivering earlier changes), with no
    /// lock held; they may call back into Auth. Keep them short. ``idTokenChanges`` is the same as a stream.
    /// After the app is deleted, the listener is not registered (and never called).
    ///
    /// - Returns: the registration; `remove()` (or ``removeIDTokenDidChangeListener(_:)``) stops delivery.
    ///   Dropping it does not.
    @discardableResult
    public func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (Auth, User?) -> Void)
        -> any ListenerRegistration
    {
        addListener(filteringUIDs: false, onClose: nil, listener)
    }

    /// Registers `listener` for sign-in state changes: called right away with the current user (nil when
    /// signed out), then whenever the signed-in uid changes (sign-in, sign-out, user switch). Token refreshes
    /// and a new sign-in of the same user do not call it.
    ///
    /// As in Firebase, it is an ID-token listener that skips notifications whose uid equals the previous one.
    /// ``authStateChanges`` is the same as a stream.
    ///
    /// - Returns: the registration; `remove()` (or ``removeStateDidChangeListener(_:)``) stops delivery.
    ///   Dropping it does not.
    @discardableResult
    public func addStateDidChangeListener(_ listener: @escaping @Sendable (Auth, User?) -> Void)
        -> any ListenerRegistration
    {
        addListener(filteringUIDs: true, onClose: nil, listener)
    }

    /// Unregisters the listener of `listenerHandle`, a registration returned by
    /// ``addStateDidChangeListener(_:)`` (Firebase's `removeStateDidChangeListener(_:)`). The same as
    /// `listenerHandle.remove()`; removing twice does nothing.
    public func removeStateDidChangeListener(_ listenerHandle: any ListenerRegistration) {
        listenerHandle.remove()
    }

    /// Unregisters the listener of `listenerHandle`, a registration returned by
    /// ``addIDTokenDidChangeListener(_:)`` (Firebase's `removeIDTokenDidChangeListener(_:)`). The same as
    /// `listenerHandle.remove()`; removing twice does nothing.
    public func removeIDTokenDidChangeListener(_ listenerHandle: any ListenerRegistration) {
        listenerHandle.remove()
    }

    /// Registers an ID-token listener, filtered to uid changes when `filteringUIDs` (a state listener).
    /// `onClose` runs once when the app is deleted while the listener is registered, or right away when it
    /// already was (then nothing is registered).
    func addListener(
        filteringUIDs: Bool, onClose: (@Sendable () -> Void)?,
        _ listener: @escaping @Sendable (Auth, User?) -> Void
    ) -> any ListenerRegistration {
        var deliver = listener
        if filteringUIDs {
            // Notifications for one listener are delivered one at a time, in order; the lock only satisfies
            // Sendable checking.
            let lastUID = Locked<(isFirst: Bool, uid: String?)>((true, nil))
            deliver = { auth, user in
                let uidChanged = lastUID.withLock { last in
                    defer { last = (false, user?.uid) }
                    return last.isFirst || last.uid != user?.uid
                }
                if uidChanged {
                    listener(auth, user)
                }
            }
        }
        let (registration, isClosed) = state.withLock { [deliver] state in
            listeners.add(deliver, current: state.user, onClose: onClose)
        }
        if isClosed {
            onClose?()
        } else {
            listeners.deliverPending(from: self)
        }
        return registration
    }
}
