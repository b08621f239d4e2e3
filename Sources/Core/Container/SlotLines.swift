// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// The hot per-slot data of a container in one contiguous allocation: for each slot its state
/// word (see ``SlotWord``) and the restricted view its uncacheable factory reuses, 16 bytes a line.
///
/// A cached lookup reads one word with an acquire load and copies the value out of the published box: no
/// lock, no read-modify-write but the value's own retain. The lines are written only when a slot is claimed,
/// published, marked uncacheable or deleted, so neighbouring slots share cache lines without contention.
@usableFromInline
struct SlotLines: @unchecked Sendable {
    /// Bytes per line.
    @usableFromInline static let lineSize = 16
    /// Byte offset of the view pointer in a line.
    @usableFromInline static let viewOffset = 8

    @usableFromInline let base: UnsafeMutableRawPointer
    @usableFromInline let count: Int

    /// Allocates `count` empty lines (empty words, no views).
    init(count: Int) {
        self.count = count
        base = .allocate(byteCount: max(count, 1) * Self.lineSize, alignment: 64)
        let words = base.bindMemory(to: UInt.self, capacity: max(count, 1) * 2)
        for index in 0..<max(count, 1) {
            (words + 2 &* index).initialize(to: SlotWord.empty)
            (words + 2 &* index + 1).initialize(to: 0)
        }
    }

    /// Releases every published box and view and frees the lines. Called once, by the owning storage's
    /// `deinit` (no other thread can reach the storage any more).
    func destroy() {
        for index in 0..<count {
            let word = self.word(index).pointee.load(ordering: .acquiring)
            if SlotWord.isPublished(word) { SlotWord.release(word) }
            let view = self.view(index).pointee.load(ordering: .acquiring)
            if view != 0 { Unmanaged<ComponentContainer>.fromOpaque(UnsafeRawPointer(bitPattern: view)!).release() }
        }
        base.deallocate()
    }

    /// The state word of line `index`.
    @inlinable @inline(__always)
    func word(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        (base + index &* Self.lineSize).assumingMemoryBound(to: Atomic<UInt>.self)
    }

    /// The restricted view of line `index` (an unmanaged +1 reference, or 0). Written only by the thread that
    /// holds the slot's claim, or when no claim can exist any more (deleted slots).
    @inlinable @inline(__always)
    func view(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        (base + index &* Self.lineSize + Self.viewOffset).assumingMemoryBound(to: Atomic<UInt>.self)
    }
}
