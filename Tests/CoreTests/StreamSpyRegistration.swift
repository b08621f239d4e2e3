// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting

/// A `SpyListenerRegistration` around the registration it spies on, with signals for the stream-bridge tests
/// of CoreTests: `wrapping(_:)` puts the real registration in (`AsyncStream.listening { spy.wrapping(…) }`)
/// and fires `registered`; `remove()` is counted by the spy (not deduplicated, so double removal is
/// visible), forwarded to the wrapped registration, then fires `removed`.
///
/// CoreTests' own: elsewhere, use FlintTesting's `SpyListenerRegistration` itself.
final class StreamSpyRegistration: ListenerRegistration {
    private let inner: Locked<(any ListenerRegistration)?>
    private let spy: SpyListenerRegistration
    /// Fires on the first `remove()`.
    let removed: StreamTestSignal
    /// Fires when `wrapping(_:)` is called, i.e. when the listener is in place.
    let registered = StreamTestSignal()

    /// A spy with nothing wrapped yet.
    init() {
        let inner = Locked<(any ListenerRegistration)?>(nil)
        let removed = StreamTestSignal()
        self.inner = inner
        self.removed = removed
        spy = SpyListenerRegistration {
            inner.withLock { $0 }?.remove()
            removed.fire()
        }
    }

    /// How many times `remove()` was called.
    var removeCount: Int { spy.removeCount }

    /// Wraps `registration` (usually `broadcaster.addListener(yield)`), fires `registered` and returns self.
    func wrapping(_ registration: any ListenerRegistration) -> StreamSpyRegistration {
        inner.withLock { $0 = registration }
        registered.fire()
        return self
    }

    /// Counts the call, removes the wrapped registration and fires `removed`.
    func remove() {
        spy.remove()
    }
}
