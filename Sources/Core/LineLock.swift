import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock of a slot line: a test-and-test-and-set spinlock in the line's first four bytes.
///
/// Its critical sections are a handful of instructions (read a pointer and retain a value, or step the
/// slot's creation state); none runs user code or blocks. Locking is one atomic exchange and unlocking a
/// plain release store, where a pthread mutex costs two atomic read-modify-writes in a multi-threaded
/// process; under contention a waiter spins on a plain load, then yields its core. ThreadSanitizer sees the
/// acquire/release pair (the atomics are compiled into this module).
@usableFromInline
enum LineLock {
    /// The lock word type.
    @usableFromInline typealias Word = Atomic<UInt32>

    /// Initializes an unlocked lock word in place.
    static func initialize(_ word: UnsafeMutablePointer<Word>) {
        word.initialize(to: Word(0))
    }

    /// Acquires the lock.
    @inlinable @inline(__always)
    static func lock(_ word: UnsafeMutablePointer<Word>) {
        if word.pointee.exchange(1, ordering: .acquiring) == 0 { return }
        lockContended(word)
    }

    /// Releases the lock.
    @inlinable @inline(__always)
    static func unlock(_ word: UnsafeMutablePointer<Word>) {
        word.pointee.store(0, ordering: .releasing)
    }

    /// Waits for the holder: spin on a plain load (no cache-line ping-pong), yield after a while.
    @usableFromInline @inline(never)
    static func lockContended(_ word: UnsafeMutablePointer<Word>) {
        var spins = 0
        while true {
            while word.pointee.load(ordering: .relaxed) != 0 {
                spins += 1
                if spins > 100 { sched_yield() }
            }
            if word.pointee.exchange(1, ordering: .acquiring) == 0 { return }
        }
    }
}
