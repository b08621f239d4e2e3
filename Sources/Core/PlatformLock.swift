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
/// A manually managed pointer: the owner calls ``destroy()`` exactly once, in its `deinit`.
struct PlatformLock: @unchecked Sendable {
    #if canImport(Darwin)
    private let pointer: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let pointer: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    /// Allocates and initializes an unlocked lock on a cache line of its own, so that two locks never share
    /// a line (no false sharing between threads working on different slots).
    init() {
        #if canImport(Darwin)
        typealias Raw = os_unfair_lock
        #else
        typealias Raw = pthread_mutex_t
        #endif
        let size = max(MemoryLayout<Raw>.stride, 64)
        pointer = UnsafeMutableRawPointer.allocate(byteCount: (size + 63) & ~63, alignment: 64)
            .bindMemory(to: Raw.self, capacity: 1)
        #if canImport(Darwin)
        pointer.initialize(to: os_unfair_lock())
        #else
        pointer.initialize(to: pthread_mutex_t())
        pthread_mutex_init(pointer, nil)
        #endif
    }

    /// Blocks until the lock is acquired. Not re-entrant.
    @inline(__always)
    func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(pointer)
        #else
        pthread_mutex_lock(pointer)
        #endif
    }

    /// Releases the lock; only the thread that locked it may unlock it.
    @inline(__always)
    func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(pointer)
        #else
        pthread_mutex_unlock(pointer)
        #endif
    }

    /// Frees the lock. It must be unlocked and never used again.
    func destroy() {
        #if !canImport(Darwin)
        pthread_mutex_destroy(pointer)
        #endif
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
