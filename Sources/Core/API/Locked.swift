// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A value protected by a lock: the one lock type of Flint, for products and tests alike.
///
/// ```swift
/// let tokens = Locked<[String: String]>([:])
/// tokens.withLock { $0["default"] = token }
/// let token = tokens.withLock { $0["default"] }
/// ```
///
/// Never call user code (a factory, a listener) inside `withLock`: copy what you need out, unlock, then call.
/// ThreadSanitizer understands this lock on every platform (see `PlatformLock` for why Flint does not use
/// `Synchronization.Mutex`).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = PlatformLock()
    @exclusivity(unchecked) private var value: Value

    /// Creates the lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    deinit {
        lock.destroy()
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
