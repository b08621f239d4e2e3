import FlintCore

extension Auth {
    /// Registers `listener` for ID-token changes: called right away with the current user (nil when signed
    /// out), then on every sign-in, sign-out, user switch and token refresh, in order.
    ///
    /// Listeners run on the thread that made the change (or the one delivering earlier changes), with no
    /// lock held; they may call back into Auth. Keep them short. ``idTokenChanges`` is the same as a stream.
    ///
    /// - Returns: the registration; `remove()` stops delivery. Dropping it does not.
    @discardableResult
    public func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (Auth, User?) -> Void) -> any ListenerRegistration {
        let registration = state.withLock { state in
            listeners.add(listener, current: state.session?.user)
        }
        listeners.deliverPending(from: self)
        return registration
    }

    /// Registers `listener` for sign-in state changes: called right away with the current user (nil when
    /// signed out), then whenever the signed-in uid changes (sign-in, sign-out, user switch). Token refreshes
    /// and a new sign-in of the same user do not call it.
    ///
    /// As in Firebase, it is an ID-token listener that skips notifications whose uid equals the previous one.
    /// ``authStateChanges`` is the same as a stream.
    ///
    /// - Returns: the registration; `remove()` stops delivery. Dropping it does not.
    @discardableResult
    public func addStateDidChangeListener(_ listener: @escaping @Sendable (Auth, User?) -> Void) -> any ListenerRegistration {
        // Notifications for one listener are delivered one at a time, in order; the lock only satisfies
        // Sendable checking.
        let lastUID = Locked<(isFirst: Bool, uid: String?)>((true, nil))
        return addIDTokenDidChangeListener { auth, user in
            let uidChanged = lastUID.withLock { last in
                defer { last = (false, user?.uid) }
                return last.isFirst || last.uid != user?.uid
            }
            if uidChanged {
                listener(auth, user)
            }
        }
    }
}
