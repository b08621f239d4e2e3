/// A created instance, boxed once so the container can store it type-erased and hand it back typed
/// without a dynamic cast (`unsafeDowncast` to `InstanceBox<T>`, which is sound because a slot's key
/// is `T`'s metatype).
@usableFromInline
class AnyInstanceBox: @unchecked Sendable {
    /// The boxed value as `Any`, for lifecycle checks and graph export.
    var anyValue: Any { fatalError("abstract") }

    @usableFromInline init() {}
}

/// The typed box. Instances are immutable after creation, which is what makes the `@unchecked
/// Sendable` honest: the container only publishes them through its locks.
@usableFromInline
final class InstanceBox<T>: AnyInstanceBox, @unchecked Sendable {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
    override var anyValue: Any { value }
}
