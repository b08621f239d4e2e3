// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A created instance, boxed once so the container can store it type-erased and hand it back typed
/// without a dynamic cast (`unsafeDowncast` to `InstanceBox<T>`, which is sound because a slot's key
/// is `T`'s metatype).
///
/// `@unchecked` because the compiler checks `Sendable` only on final classes; the one subclass,
/// ``InstanceBox``, holds one immutable `Sendable` value.
@usableFromInline
class AnyInstanceBox: @unchecked Sendable {
    /// The boxed value as `Any`, for graph export.
    var anyValue: Any { fatalError("abstract") }

    /// The boxed value if it is a ``ComponentLifecycleMaintainer``, for `FlintApp.delete()`.
    var lifecycleMaintainer: (any ComponentLifecycleMaintainer)? { fatalError("abstract") }

    @usableFromInline init() {}
}

/// The typed box. The box never changes after creation, and every `T` boxed is `Sendable`: the public entry
/// points (`Component`'s initializers, `contribution(to:)`, `ComponentAlias.type`) and the internal ones
/// (`Component.erase`, `ContainerStorage.value(at:as:)`) require it. `T` itself is not constrained only because
/// ``FactoryResult``'s conformance of `Optional` names `InstanceBox<Wrapped>` and a conformance cannot be
/// conditional on the marker protocol `Sendable`.
@usableFromInline
final class InstanceBox<T>: AnyInstanceBox, @unchecked Sendable {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
    override var anyValue: Any { value }
    /// The value's dynamic type is checked first: a metatype cast looks the one conformance up, while a failing
    /// value cast also tries to unwrap and bridge the value (three conformance lookups for every instance that
    /// does not conform, which is almost every one).
    override var lifecycleMaintainer: (any ComponentLifecycleMaintainer)? {
        // Through `Any`: in generic code, `type(of:)` of a `T` that is a protocol type is `T` itself, not the
        // instance's dynamic type.
        guard type(of: value as Any) is any ComponentLifecycleMaintainer.Type else { return nil }
        return value as? any ComponentLifecycleMaintainer
    }
}

/// A created instance as a container holds it: an instance of a class as itself, anything else (structs, enums,
/// existentials, tagged pointers) in an ``InstanceBox``. Storing class instances unboxed saves an allocation per
/// creation and a dependent load per cached lookup.
///
/// Whether a type's instances are stored as themselves depends on the type alone (see
/// ``storesItself(_:)``), checked once when its component is made; readers tell the two forms apart by the
/// slot word's tag (``SlotWord``) or by ``isInstance``.
@usableFromInline
struct StoredInstance: @unchecked Sendable {
    /// The instance itself, or its box.
    @usableFromInline let object: AnyObject
    /// Whether `object` is the instance itself rather than its ``InstanceBox``.
    @usableFromInline let isInstance: Bool

    /// A boxed instance.
    @usableFromInline init(box: AnyInstanceBox) {
        object = box
        isInstance = false
    }

    /// The class instance `make` returns, or nil if it returns none, with the reference `make` returned taken as
    /// the stored one. `R.Instance` must be a class (``storesItself(_:)``), so that `make`'s result, an optional of
    /// it, is one nullable reference. The result is returned into a temporary and its bits moved out, leaving the
    /// temporary uninitialized: in generic code (a component made for a generic type) this copies, retains,
    /// releases and destroys nothing through `R`'s value witnesses, as a reinterpretation of the result value does.
    /// An instance whose address does not leave the tag bits free (an Objective-C tagged pointer) goes into a box
    /// of type `boxType`.
    @inlinable @inline(__always)
    static func taking<R: FactoryResult>(
        _ make: () throws -> R, boxType: InstanceBox<R.Instance>.Type
    ) rethrows -> StoredInstance? {
        // One reference's worth of bytes, a size known statically (`R` has it), so the temporary is a plain stack slot.
        try withUnsafeTemporaryAllocation(
            byteCount: MemoryLayout<UnsafeRawPointer?>.size, alignment: MemoryLayout<UnsafeRawPointer?>.alignment
        ) { buffer in
            let result = buffer.baseAddress.unsafelyUnwrapped
            result.initializeMemory(as: R.self, to: try make())
            // Moved out: from here on the temporary holds no value (nothing destroys it).
            guard let address = result.load(as: UnsafeRawPointer?.self) else { return nil }
            let object = Unmanaged<AnyObject>.fromOpaque(address).takeRetainedValue()
            if UInt(bitPattern: address) & SlotWord.tagMask == 0 { return StoredInstance(instance: object) }
            return boxed(object, as: boxType)
        }
    }

    /// `object`, an `Instance`, in a box of type `boxType` (an Objective-C tagged pointer). Out of line, so that
    /// ``taking(_:boxType:)`` does not read `Instance`'s and the box type's metadata (for a temporary of
    /// `Instance`'s size) on every creation: for a component made for a generic type, those are cache lines of
    /// that type's own.
    @usableFromInline @inline(never)
    static func boxed<Instance>(_ object: AnyObject, as boxType: InstanceBox<Instance>.Type) -> StoredInstance {
        StoredInstance(box: boxType.init(unsafeBitCast(object, to: Instance.self)))
    }

    /// A class instance stored as itself (its address leaves the tag bits free).
    @usableFromInline init(instance: AnyObject) {
        object = instance
        isInstance = true
    }

    /// The instance a published slot word (``SlotWord/isPublished(_:)``) holds, retained.
    @usableFromInline
    init(word: UInt) {
        object = Unmanaged<AnyObject>.fromOpaque(SlotWord.address(of: word)).takeUnretainedValue()
        isInstance = SlotWord.isInstance(word)
    }

    /// Whether instances of `T` are stored as themselves: `T` is a class (not an existential, not a metatype),
    /// so a value of `T` is one reference to a heap object.
    @inlinable
    static func storesItself<T>(_ type: T.Type) -> Bool {
        type is AnyObject.Type && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
    }

    /// The word that publishes this instance, its reference now owned by the slot's line (consumed: the
    /// reference is handed over, not retained again and released).
    @inlinable @inline(__always)
    consuming func takeWord() -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()) | (isInstance ? SlotWord.instanceTag : 0)
    }

    /// The instance as `T`, which must be the type it was stored as.
    @inlinable
    func value<T>(as type: T.Type) -> T {
        if isInstance { return unsafeBitCast(object, to: T.self) }
        return unsafeDowncast(object, to: InstanceBox<T>.self).value
    }

    /// The instance if it is a ``ComponentLifecycleMaintainer``, for `FlintApp.delete()`.
    var lifecycleMaintainer: (any ComponentLifecycleMaintainer)? {
        guard isInstance else { return unsafeDowncast(object, to: AnyInstanceBox.self).lifecycleMaintainer }
        // The metatype check first, as in `InstanceBox`: a failing value cast costs more.
        guard type(of: object) is any ComponentLifecycleMaintainer.Type else { return nil }
        return object as? any ComponentLifecycleMaintainer
    }
}
