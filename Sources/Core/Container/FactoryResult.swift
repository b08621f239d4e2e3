// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a component's factory returns (an optional instance), stored for the container.
///
/// The erased factory of a component calls the user's factory and boxes its result (a class instance is stored
/// without a box instead, see ``StoredInstance/taking(_:boxType:)``). When the component's type
/// is itself generic and the component was made in generic code (a library building components for many
/// types), code written against `T?` would look `Optional<T>` up in the runtime's metadata cache on every run.
/// Written against a result type `R: FactoryResult` instead, the erased factory captures `R`'s metadata once,
/// when the component is made. Concrete callers get the same specialized code either way.
@usableFromInline
protocol FactoryResult {
    /// The instance type.
    associatedtype Instance

    /// The instance in a box of type `boxType`, or nil. Consuming, so that in generic code the result moves into
    /// the box instead of being copied and then destroyed.
    consuming func boxed(as boxType: InstanceBox<Instance>.Type) -> StoredInstance?
}

extension Optional: FactoryResult {
    @inlinable
    consuming func boxed(as boxType: InstanceBox<Wrapped>.Type) -> StoredInstance? {
        switch consume self {
        case .some(let value): return StoredInstance(box: boxType.init(value))
        case .none: return nil
        }
    }
}
