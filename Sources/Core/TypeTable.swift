/// An immutable open-addressing hash table from a type's `ObjectIdentifier` to a slot index, built once at
/// configure. Lookups are a multiply, a shift and usually one probe: no SipHash, no allocation, no
/// reference counting (the storage is a raw buffer owned by this object).
@usableFromInline
final class TypeTable: @unchecked Sendable {
    @usableFromInline let keys: UnsafeMutableBufferPointer<UInt>
    @usableFromInline let values: UnsafeMutableBufferPointer<Int>
    @usableFromInline let shift: Int
    @usableFromInline let mask: Int
    /// The number of keys.
    let count: Int

    /// Builds the table; `entries` must not contain a key twice.
    init(_ entries: [(ObjectIdentifier, Int)]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity <<= 1 }
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: -1)
        mask = capacity - 1
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
        count = entries.count
        for (key, value) in entries {
            let bits = UInt(bitPattern: key)
            var index = Self.hash(bits, shift)
            while keys[index] != 0 { index = (index + 1) & mask }
            keys[index] = bits
            values[index] = value
        }
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    @inlinable @inline(__always)
    static func hash(_ bits: UInt, _ shift: Int) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    /// The slot index for `key`, or nil.
    @inlinable @inline(__always)
    func index(of key: ObjectIdentifier) -> Int? {
        let bits = UInt(bitPattern: key)
        var index = Self.hash(bits, shift)
        while true {
            let stored = keys[index]
            if stored == bits { return values[index] }
            if stored == 0 { return nil }
            index = (index + 1) & mask
        }
    }
}
