// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The platform mutexes (with a condition each) under which containers change a slot's state the slow way:
/// a waiter marking a creation as waited for, a creation finishing while others wait, and `delete()` waking
/// the waiters of creations it orphans. A fixed process-wide pool, so configuring an app initializes no lock.
///
/// Cached lookups never take a stripe, nor do creations nobody waits for (they claim and publish a slot with
/// one compare-and-swap each, see ``SlotWord``). A stripe is held for a few instructions, never while user
/// code runs, and never together with another stripe. Waiting blocks on the stripe's condition: nothing
/// spins. These are `pthread_mutex_t`/`pthread_cond_t` on every platform (on Apple platforms a pthread mutex
/// is a real kernel-assisted mutex with priority inheritance; nothing here spins), which ThreadSanitizer
/// intercepts.
enum SlotStripes {
    /// A mutex and its condition.
    struct Stripe {
        var mutex = pthread_mutex_t()
        var condition = pthread_cond_t()
    }

    /// The number of stripes (a power of two).
    static let count = 64
    /// Bytes between stripes: a multiple of 64, so that no two stripes share a cache line.
    private static let stride = (MemoryLayout<Stripe>.stride + 63) & ~63

    /// The pool, initialized once and never freed.
    nonisolated(unsafe) private static let base: UnsafeMutableRawPointer = {
        let base = UnsafeMutableRawPointer.allocate(byteCount: count * stride, alignment: 64)
        for index in 0..<count {
            let stripe = (base + index * stride).bindMemory(to: Stripe.self, capacity: 1)
            stripe.initialize(to: Stripe())
            pthread_mutex_init(&stripe.pointee.mutex, nil)
            pthread_cond_init(&stripe.pointee.condition, nil)
        }
        return base
    }()

    /// The stripe guarding slot `index` of the storage whose stripe offset is `seed`.
    static func stripe(seed: Int, index: Int) -> UnsafeMutablePointer<Stripe> {
        (base + ((seed &+ index) & (count - 1)) * stride).assumingMemoryBound(to: Stripe.self)
    }

    /// Locks `stripe`.
    static func lock(_ stripe: UnsafeMutablePointer<Stripe>) {
        pthread_mutex_lock(&stripe.pointee.mutex)
    }

    /// Unlocks `stripe`.
    static func unlock(_ stripe: UnsafeMutablePointer<Stripe>) {
        pthread_mutex_unlock(&stripe.pointee.mutex)
    }

    /// Waits on `stripe`'s condition; the caller holds the stripe. Wakes spuriously too: callers re-check.
    static func wait(_ stripe: UnsafeMutablePointer<Stripe>) {
        pthread_cond_wait(&stripe.pointee.condition, &stripe.pointee.mutex)
    }

    /// Wakes every waiter of `stripe`; the caller holds the stripe.
    static func broadcast(_ stripe: UnsafeMutablePointer<Stripe>) {
        pthread_cond_broadcast(&stripe.pointee.condition)
    }
}
