// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Runs `body` on a new thread of its own, not on a thread of Swift concurrency's cooperative pool, so that it
/// may block (``StreamTestSignal/waitBlocking(timeout:)``, a call that holds a lock while it waits) without
/// taking a thread from the tasks the test needs.
///
/// ```swift
/// let release = StreamTestSignal()
/// let done = startStreamTestThread {
///     _ = cache.instance(for: "a") { key in
///         _ = release.waitBlocking()   // the cache's creation of "a" stays in progress
///         return Instance(key)
///     }
/// }
/// release.fire()
/// #expect(await done.wait())
/// ```
///
/// - Parameter body: the work, run once on the new thread.
/// - Returns: a signal that fires when `body` has returned.
@discardableResult
public func startStreamTestThread(_ body: @escaping @Sendable () -> Void) -> StreamTestSignal {
    let done = StreamTestSignal()
    let thread = Thread {
        body()
        done.fire()
    }
    thread.start()
    return done
}
