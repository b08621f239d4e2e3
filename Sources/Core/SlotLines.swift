/// The hot per-slot data of a container, one cache line per slot in one contiguous allocation: the slot's lock
/// (a ``LineLock``),
/// its cached instance box (an unmanaged +1 reference) and a "known uncacheable" flag, both set and cleared only
/// under the lock.
///
/// A cached lookup touches exactly one line: lock, read the box pointer, copy the value out of the box without
/// retaining the box, unlock. Lines never share a cache line, so two threads resolving different types never
/// contend. The slot's creation state machine lives in ``ComponentSlot`` and is guarded by the same lock.
@usableFromInline
struct SlotLines: @unchecked Sendable {
    /// Byte offset of the cached-box pointer in a line (after the lock, 8-byte aligned).
    @usableFromInline static let cachedOffset = 8
    /// Byte offset of the known-uncacheable flag (1: the factory returned an instance it did not cache).
    @usableFromInline static let flagOffset = cachedOffset + 8
    /// Byte offset of the slot's restricted view (the container its factory receives), created once.
    @usableFromInline static let viewOffset = flagOffset + 8
    /// Bytes per line: a multiple of 64 holding the lock, the box pointer, the flag and the view pointer.
    @usableFromInline static let lineSize = (viewOffset + 8 + 63) & ~63

    @usableFromInline let base: UnsafeMutableRawPointer
    let count: Int

    /// Allocates `count` lines with unlocked locks and no cached boxes.
    init(count: Int) {
        self.count = count
        base = .allocate(byteCount: max(count, 1) * Self.lineSize, alignment: 64)
        for index in 0..<count {
            LineLock.initialize(lock(index))
            cachedPointer(index).initialize(to: nil)
            uncacheableFlag(index).initialize(to: 0)
            viewPointer(index).initialize(to: nil)
        }
    }

    /// Destroys the locks and releases every cached box. Called once, by the owning storage's `deinit`.
    func destroy() {
        for index in 0..<count {
            cachedPointer(index).pointee?.release()
            viewPointer(index).pointee?.release()
        }
        base.deallocate()
    }

    /// The lock of line `index`.
    @inlinable @inline(__always)
    func lock(_ index: Int) -> UnsafeMutablePointer<LineLock.Word> {
        (base + index &* Self.lineSize).assumingMemoryBound(to: LineLock.Word.self)
    }

    /// The restricted view of line `index` (read or written only under the line's lock).
    @inlinable @inline(__always)
    func viewPointer(_ index: Int) -> UnsafeMutablePointer<Unmanaged<ComponentContainer>?> {
        (base + index &* Self.lineSize + Self.viewOffset).assumingMemoryBound(to: Unmanaged<ComponentContainer>?.self)
    }

    /// The known-uncacheable flag of line `index` (read or written only under the line's lock).
    @inlinable @inline(__always)
    func uncacheableFlag(_ index: Int) -> UnsafeMutablePointer<UInt8> {
        (base + index &* Self.lineSize + Self.flagOffset).assumingMemoryBound(to: UInt8.self)
    }

    /// The cached box of line `index` (read or written only under the line's lock).
    @inlinable @inline(__always)
    func cachedPointer(_ index: Int) -> UnsafeMutablePointer<Unmanaged<AnyInstanceBox>?> {
        (base + index &* Self.lineSize + Self.cachedOffset).assumingMemoryBound(to: Unmanaged<AnyInstanceBox>?.self)
    }
}
