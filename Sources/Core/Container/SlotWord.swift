// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The encoding of a slot's state word, the first word of its line in ``SlotLines``. One atomic word holds the
/// whole creation state, so a cached lookup is one acquire load and a claim or a publication is one
/// compare-and-swap:
///
/// | word | state |
/// |---|---|
/// | 5 | empty: never created, its factory returned nil, or it failed |
/// | 1 | known uncacheable: the factory returned an instance it did not cache |
/// | a box's address (low bits 0) | cached: the published ``AnyInstanceBox``, +1 owned by the line |
/// | a class instance's address + 6 | cached: the published instance itself (see ``StoredInstance``), +1 owned by the line |
/// | a thread's ``CreationStack`` address + 2 | being created by that thread, nobody waiting |
/// | the same + 3 | being created, with waiters parked on the slot's stripe (see ``SlotStripes``) |
/// | 4 | deleted: the app was deleted (or dropped); nothing is created any more |
///
/// Boxes, creation stacks and instances stored unboxed are heap objects, aligned to at least 8 bytes, so their
/// addresses leave the low bits free for the tags; every other state has a tag bit set, so "is a box" is one test
/// of the low three bits (the cached lookup's first check; a class-typed lookup checks for an instance next). A published box is never freed while its storage lives (delete moves it to the storage's
/// retired list), so a reader holding its address can always copy the value out.
@usableFromInline
enum SlotWord {
    /// Empty.
    @usableFromInline static let empty: UInt = 5
    /// Known uncacheable.
    @usableFromInline static let uncacheable: UInt = 1
    /// Deleted.
    @usableFromInline static let deleted: UInt = 4
    /// The tag bits.
    @usableFromInline static let tagMask: UInt = 7
    /// The tag of a published class instance stored as itself.
    @usableFromInline static let instanceTag: UInt = 6

    /// Whether `word` is a published class instance stored as itself.
    @inlinable @inline(__always)
    static func isInstance(_ word: UInt) -> Bool { word & tagMask == instanceTag }

    /// The address of the instance that `word` publishes as itself, or nil if it is no such word: one
    /// subtraction and one test (the word minus the tag has its low bits clear exactly when the tag was
    /// ``instanceTag``), as cheap as ``isBox(_:)``.
    @inlinable @inline(__always)
    static func instanceAddress(_ word: UInt) -> UInt? {
        let address = word &- instanceTag
        return address & tagMask == 0 ? address : nil
    }

    /// Whether `word` is published: a box or an instance stored as itself.
    @inlinable @inline(__always)
    static func isPublished(_ word: UInt) -> Bool { isBox(word) || isInstance(word) }

    /// The object a published word points at.
    @inlinable @inline(__always)
    static func address(of word: UInt) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(bitPattern: word & ~tagMask).unsafelyUnwrapped
    }

    /// Releases the line's reference to the object of the published `word`.
    static func release(_ word: UInt) {
        Unmanaged<AnyObject>.fromOpaque(address(of: word)).release()
    }

    /// Whether `word` is a published box.
    @inlinable @inline(__always)
    static func isBox(_ word: UInt) -> Bool { word & tagMask == 0 }

    /// Whether `word` is a creation in progress (with or without waiters).
    @inlinable @inline(__always)
    static func isClaim(_ word: UInt) -> Bool { word & 6 == 2 }

    /// The word of a creation by the thread whose creation stack has address `owner`, nobody waiting.
    @inlinable @inline(__always)
    static func claim(by owner: UInt) -> UInt { owner | 2 }

    /// The word of a creation claimed as `claim`, once somebody waits for it.
    @inlinable @inline(__always)
    static func waited(_ claim: UInt) -> UInt { claim | 1 }

    /// The creating thread's stack address of a claim word.
    @inlinable @inline(__always)
    static func owner(of word: UInt) -> UInt { word & ~tagMask }
}
