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
