// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An immutable open-addressing hash table from a type's `ObjectIdentifier` to a slot index, filled once at
/// configure (through ``Builder``, which also detects duplicate types) and read-only afterwards. Lookups are
/// a multiply, a shift and usually one probe of one 16-byte entry (key and value side by side, so a lookup
/// touches one cache line): no SipHash, no allocation, no reference counting (the entries are a raw buffer
/// owned by this object).
@usableFromInline
final class TypeTable: @unchecked Sendable {
    /// One bucket: a key's bits (0: empty) and its slot index.
    @usableFromInline
    struct Entry {
        @usableFromInline var key: UInt
        @usableFromInline var value: Int
    }

    /// Fills a table; ``TypeTable/init(_:)`` then takes its buffer over.
    struct Builder: ~Copyable {
        fileprivate var entries: UnsafeMutableBufferPointer<Entry>
        fileprivate var shift: Int
        fileprivate var count = 0

        /// A table sized for `expectedCount` keys (it grows if more are inserted).
        init(expectedCount: Int) {
            (entries, shift) = Self.allocate(capacityFor: expectedCount)
        }

        deinit {
            entries.deallocate()
        }

        /// The smallest power-of-two buffer that keeps `count` keys at most 3/4 full (at least 8 buckets).
        private static func allocate(capacityFor count: Int) -> (UnsafeMutableBufferPointer<Entry>, Int) {
            var capacity = 8
            while capacity * 3 < count * 4 { capacity <<= 1 }
            let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: capacity)
            entries.initialize(repeating: Entry(key: 0, value: -1))
            return (entries, UInt.bitWidth - capacity.trailingZeroBitCount)
        }

        /// Inserts `key` → `value` unless `key` is present; returns false (and keeps the first value) if it was.
        mutating func insert(_ key: ObjectIdentifier, _ value: Int) -> Bool {
            if (count + 1) * 4 > entries.count * 3 { grow() }
            let bits = UInt(bitPattern: key)
            let mask = entries.count - 1
            var index = TypeTable.hash(bits, shift)
            while true {
                let stored = entries[index].key
                if stored == bits { return false }
                if stored == 0 { break }
                index = (index + 1) & mask
            }
            entries[index] = Entry(key: bits, value: value)
            count += 1
            return true
        }

        /// The value for `key`, or nil.
        func index(of key: ObjectIdentifier) -> Int? {
            TypeTable.lookup(key, in: entries, shift: shift)
        }

        /// Rehashes into a buffer twice as large.
        private mutating func grow() {
            let old = entries
            (entries, shift) = Self.allocate(capacityFor: old.count)
            let mask = entries.count - 1
            for entry in old where entry.key != 0 {
                var index = TypeTable.hash(entry.key, shift)
                while entries[index].key != 0 { index = (index + 1) & mask }
                entries[index] = entry
            }
            old.deallocate()
        }
    }

    @usableFromInline let entries: UnsafeMutableBufferPointer<Entry>
    @usableFromInline let shift: Int
    /// The number of keys.
    let count: Int

    /// The table `builder` filled.
    init(_ builder: consuming Builder) {
        entries = builder.entries
        shift = builder.shift
        count = builder.count
        // The buffer now belongs to this table.
        builder.entries = .allocate(capacity: 0)
    }

    deinit {
        entries.deallocate()
    }

    @inlinable @inline(__always)
    static func hash(_ bits: UInt, _ shift: Int) -> Int {
        // A masking shift: `shift` is 58 or less (at least 8 buckets), so no range check is needed.
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) &>> UInt(truncatingIfNeeded: shift))
    }

    @inlinable @inline(__always)
    static func lookup(_ key: ObjectIdentifier, in entries: UnsafeMutableBufferPointer<Entry>, shift: Int) -> Int? {
        let bits = UInt(bitPattern: key)
        let mask = entries.count &- 1
        var index = hash(bits, shift)
        while true {
            let entry = entries[index]
            if entry.key == bits { return entry.value }
            if entry.key == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// The slot index for `key`, or nil.
    @inlinable @inline(__always)
    func index(of key: ObjectIdentifier) -> Int? {
        Self.lookup(key, in: entries, shift: shift)
    }
}
