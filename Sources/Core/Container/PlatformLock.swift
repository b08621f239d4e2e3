// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Darwin)
    import os
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The raw lock under every lock in Flint: `os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere.
///
/// Why not `Synchronization.Mutex`: on Linux its implementation lives in a prebuilt module that
/// ThreadSanitizer does not instrument, so TSan reports false races between two critical sections of one
/// `Mutex`. pthread mutexes are intercepted by TSan, so `swift test --sanitize=thread` sees real
/// happens-before edges.
///
/// A `PlatformLock()` owns a cache line of its own; the owner (``Locked``) calls ``destroy()`` exactly once, in
/// its `deinit`. (A container's slots use the striped pool of ``SlotStripes``, taken only when a creation is
/// waited for.)
struct PlatformLock: @unchecked Sendable {
    #if canImport(Darwin)
        /// The primitive lock type.
        typealias Primitive = os_unfair_lock
    #else
        /// The primitive lock type.
        typealias Primitive = pthread_mutex_t
    #endif

    private let pointer: UnsafeMutablePointer<Primitive>

    /// Allocates and initializes an unlocked lock on a cache line of its own, so that two locks never share
    /// a line (no false sharing between threads working on different objects).
    init() {
        let size = max(MemoryLayout<Primitive>.stride, 64)
        pointer = UnsafeMutableRawPointer.allocate(byteCount: (size + 63) & ~63, alignment: 64)
            .bindMemory(to: Primitive.self, capacity: 1)
        Self.initialize(pointer)
    }

    /// Blocks until the lock is acquired. Not re-entrant.
    @inline(__always)
    func lock() { Self.lock(pointer) }

    /// Releases the lock; only the thread that locked it may unlock it.
    @inline(__always)
    func unlock() { Self.unlock(pointer) }

    /// Frees the lock. It must be unlocked and never used again.
    func destroy() {
        Self.deinitialize(pointer)
        UnsafeMutableRawPointer(pointer).deallocate()
    }

    /// Initializes an unlocked primitive in place.
    private static func initialize(_ pointer: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
            pointer.initialize(to: os_unfair_lock())
        #else
            pointer.initialize(to: pthread_mutex_t())
            pthread_mutex_init(pointer, nil)
        #endif
    }

    /// Tears down a primitive initialized with ``initialize(_:)`` (it must be unlocked).
    private static func deinitialize(_ pointer: UnsafeMutablePointer<Primitive>) {
        #if !canImport(Darwin)
            pthread_mutex_destroy(pointer)
        #endif
        pointer.deinitialize(count: 1)
    }

    /// Locks a primitive in place.
    @inline(__always)
    private static func lock(_ pointer: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
            os_unfair_lock_lock(pointer)
        #else
            pthread_mutex_lock(pointer)
        #endif
    }

    /// Unlocks a primitive in place.
    @inline(__always)
    private static func unlock(_ pointer: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
            os_unfair_lock_unlock(pointer)
        #else
            pthread_mutex_unlock(pointer)
        #endif
    }
}
