// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Watches an app for its deletion (its registry's `.deleted` event, or an app already deleted) and calls
/// `onDelete` once. The registry listener is removed by ``cancel()`` or when this object goes.
final class AppLifetime: Sendable {
    private let registration: Locked<(any ListenerRegistration)?>
    private let fired = Locked(false)

    init(app: FlintApp, onDelete: @escaping @Sendable () -> Void) {
        let name = app.name
        registration = Locked(nil)
        let fire: @Sendable () -> Void = { [fired] in
            let first = fired.withLock { fired -> Bool in
                defer { fired = true }
                return !fired
            }
            if first { onDelete() }
        }
        let listener = app.registry.addEventListener { [weak app] event in
            guard case .deleted(let deletedName) = event, deletedName == name, app?.isDeleted ?? true else { return }
            fire()
        }
        registration.withLock { $0 = listener }
        if app.isDeleted { fire() }
    }

    func cancel() {
        registration.withLock { registration in
            defer { registration = nil }
            return registration
        }?.remove()
    }

    deinit {
        cancel()
    }
}
