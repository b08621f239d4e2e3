// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A handle to a registered listener, returned by every `add…Listener` API.
///
/// Keep it for as long as you want callbacks and call ``remove()`` to stop them. Dropping the handle does
/// *not* remove the listener (as in Firebase): removal is always explicit, or automatic when the listener was
/// registered by an `AsyncStream` / `AsyncThrowingStream` built with `listening(bufferingPolicy:_:)`.
public protocol ListenerRegistration: AnyObject, Sendable {
    /// Stops delivery to the listener. Idempotent; safe from any thread, including from inside the listener.
    func remove()
}
