// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An app's components, keyed by type.
///
/// The app's container (`app.container`) resolves any registered type. The container a factory receives
/// is a *restricted view* of the same storage: it resolves only the types its component declared as
/// dependencies and throws ``ComponentError/undeclaredDependency(component:requested:)`` for anything
/// else.
///
/// Thread safety: every method may be called from any thread. A cached instance is created exactly once
/// per container; while a factory runs no container-wide lock is held, so other lookups proceed; a
/// factory that (directly or through other factories, on one thread or across threads) waits for its
/// own creation gets ``ComponentError/dependencyCycle(_:)`` instead of a deadlock.
///
/// Everything that comes out of a container is `Sendable`, checked by the compiler: one instance is shared
/// by every thread that resolves it, so `instance(for:)`, `require(_:)`, `provider(for:)` and `all(_:)`
/// accept only `Sendable` types (protocol types that refine `Sendable`, such as `AuthInterop`, included).
public final class ComponentContainer: Sendable {
    @usableFromInline let storage: ContainerStorage
    /// The component whose factory this view was handed to; nil for the app's container.
    @usableFromInline let requester: ComponentSlot?

    init(storage: ContainerStorage, requester: ComponentSlot?) {
        self.storage = storage
        self.requester = requester
    }

    deinit {
        // The app's container is going away (its app is gone): nothing is created any more, and the factories'
        // kept views, which hold the storage, are released.
        if requester == nil { _ = storage.shutDown() }
    }

    /// The app owning this container. Weak: the container never keeps its app alive.
    public var app: FlintApp? { storage.app }

    /// The name of the app owning this container (available even after the app is gone).
    public var appName: String { storage.appName }

    /// The instance for `type`, or nil when no component provides it, its factory returned nil, or
    /// resolution failed. Failures other than "not registered" and "returned nil" are reported to the
    /// registry's ``ComponentMonitor``; use ``require(_:)-(T.Type)`` to get the reason.
    @inlinable @inline(__always)
    public func instance<T: Sendable>(for type: T.Type) -> T? {
        if requester == nil, let value = storage.cachedValue(of: ObjectIdentifier(type), as: T.self) { return value }
        return instanceResolving(type)
    }

    /// ``instance(for:)`` past the cached fast path.
    @inlinable
    func instanceResolving<T: Sendable>(_ type: T.Type) -> T? {
        do {
            return try resolve(type)
        } catch {
            storage.report(error, resolving: readableTypeName(type))
            return nil
        }
    }

    /// The instance for `type`, or the reason there is none.
    ///
    /// The cached case is inlined into the caller: a type-table probe, one atomic load and a copy of the value.
    @inlinable @inline(__always)
    public func require<T: Sendable>(_ type: T.Type) throws(ComponentError) -> T {
        if requester == nil, let value = storage.cachedValue(of: ObjectIdentifier(type), as: T.self) { return value }
        return try requireResolving(type)
    }

    /// ``require(_:)`` past the cached fast path: restricted views, creation, errors.
    @inlinable
    func requireResolving<T: Sendable>(_ type: T.Type) throws(ComponentError) -> T {
        try resolve(type)
    }

    /// The body of ``instanceResolving(_:)`` and ``requireResolving(_:)``, inlined into both so that neither
    /// calls the other (one call layer fewer where they are not specialized, as in generic code) and neither
    /// fast path's call site grows.
    @inlinable @inline(__always)
    func resolve<T: Sendable>(_ type: T.Type) throws(ComponentError) -> T {
        try resolve(ObjectIdentifier(type), as: T.self) { readableTypeName(type) }
    }

    /// The one body of every lookup by key (a type's or a qualified type's `id`): through the restricted view's
    /// declared dependency, or the app container's type table; `name` names the key in errors only.
    @inlinable @inline(__always)
    func resolve<T: Sendable>(_ id: ObjectIdentifier, as type: T.Type, name: () -> String) throws(ComponentError)
        -> T
    {
        let index: Int
        if let requester {
            // A factory's view: the slot was found at configure (no hashing), -1 if nothing provided it then (a
            // library registered later may have).
            guard let link = storage.link(to: id, as: .direct, declaredBy: requester) else {
                throw .undeclaredDependency(component: requester.name, requested: name())
            }
            index = link.target >= 0 ? link.target : storage.lateIndex(of: id) ?? -1
        } else {
            index = storage.index(of: id) ?? -1
        }
        guard index >= 0 else {
            if storage.isDeleted { throw .appDeleted(name: storage.appName) }
            throw .notRegistered(type: name())
        }
        return try storage.value(at: index, as: T.self)
    }

    /// The instance for the qualified type `qualified`, or nil; ``instance(for:)-(T.Type)`` for a ``Qualified``
    /// key. Failures are reported to the registry's ``ComponentMonitor`` under the qualified name.
    @inlinable
    public func instance<T: Sendable>(for qualified: Qualified<T>) -> T? {
        do {
            return try require(qualified)
        } catch {
            storage.report(error, resolving: qualified.description)
            return nil
        }
    }

    /// The instance for `type` qualified by `qualifier`, or nil: `instance(for: Qualified(type, qualifier))`.
    /// Each call looks the qualified key up in a process-wide table first; hot code keeps a ``Qualified``.
    @inlinable
    public func instance<T: Sendable>(for type: T.Type, qualifier: Qualifier) -> T? {
        instance(for: Qualified(type, qualifier))
    }

    /// The instance for the qualified type `qualified`, or the reason there is none. Errors name it as
    /// `@qualifier Module.Type`; a factory's restricted container allows it only when the component declared
    /// a dependency on that very qualified key.
    @inlinable
    public func require<T: Sendable>(_ qualified: Qualified<T>) throws(ComponentError) -> T {
        try resolve(qualified.key.id, as: T.self) { qualified.description }
    }

    /// The instance for `type` qualified by `qualifier`, or the reason there is none:
    /// `require(Qualified(type, qualifier))`. Each call looks the qualified key up in a process-wide table
    /// first; hot code keeps a ``Qualified``.
    @inlinable
    public func require<T: Sendable>(_ type: T.Type, qualifier: Qualifier) throws(ComponentError) -> T {
        try require(Qualified(type, qualifier))
    }

    /// A handle that resolves `type` on each `get()`, for a ``Dependency/provider(_:isRequired:)-(T.Type,_)``
    /// dependency (which may close a cycle: the provider is only resolved later, outside the factory).
    /// The provider holds its container weakly; after the app is gone it resolves nothing.
    public func provider<T: Sendable>(for type: T.Type) throws(ComponentError) -> Provider<T> {
        try provider(key: TypeKey(type))
    }

    /// A handle that resolves the qualified type `qualified` on each `get()`, for a qualified
    /// ``Dependency/provider(_:isRequired:)-(Qualified<T>,_)`` dependency.
    public func provider<T: Sendable>(for qualified: Qualified<T>) throws(ComponentError) -> Provider<T> {
        try provider(key: qualified.key)
    }

    /// The one body of both `provider(for:)`s: a restricted view allows a provider of a type it declared as a
    /// provider or as a direct dependency.
    private func provider<T: Sendable>(key: TypeKey) throws(ComponentError) -> Provider<T> {
        guard let requester else { return Provider(storage: storage, index: storage.index(of: key.id), key: key) }
        guard
            let link = storage.link(to: key.id, as: .provider, declaredBy: requester)
                ?? storage.link(to: key.id, as: .direct, declaredBy: requester)
        else {
            throw .undeclaredDependency(component: requester.name, requested: key.name)
        }
        return Provider(storage: storage, index: link.target >= 0 ? link.target : nil, key: key)
    }

    /// A handle that resolves `type` qualified by `qualifier` on each `get()`:
    /// `provider(for: Qualified(type, qualifier))`.
    public func provider<T: Sendable>(for type: T.Type, qualifier: Qualifier) throws(ComponentError) -> Provider<T> {
        try provider(for: Qualified(type, qualifier))
    }

    /// A handle on `type` for a ``Dependency/deferred(_:)-(T.Type)`` dependency: `type` may be provided
    /// now, or only later by a library registered after the app was configured (Firebase Android's
    /// `Deferred<T>`). The deferred holds its container weakly.
    public func deferred<T: Sendable>(for type: T.Type) throws(ComponentError) -> Deferred<T> {
        try deferred(key: TypeKey(type))
    }

    /// A handle on the qualified type `qualified` for a qualified deferred dependency.
    public func deferred<T: Sendable>(for qualified: Qualified<T>) throws(ComponentError) -> Deferred<T> {
        try deferred(key: qualified.key)
    }

    private func deferred<T: Sendable>(key: TypeKey) throws(ComponentError) -> Deferred<T> {
        if let requester, storage.link(to: key.id, as: .deferred, declaredBy: requester) == nil {
            throw .undeclaredDependency(component: requester.name, requested: key.name)
        }
        return Deferred(storage: storage, key: key)
    }

    /// Every set contribution to `type` (see ``Component/contribution(to:timing:dependencies:factory:)``), in
    /// registration order; an empty array when there are none. Contributions whose factory returns nil are
    /// left out.
    public func all<T: Sendable>(_ type: T.Type) throws(ComponentError) -> [T] {
        let key = TypeKey(SetContributions<T>.self)
        if let requester, storage.link(to: key.id, as: .set, declaredBy: requester) == nil {
            throw .undeclaredDependency(component: requester.name, requested: "[\(readableTypeName(type))]")
        }
        if storage.isDeleted { throw .appDeleted(name: storage.appName) }
        var values: [T] = []
        for index in storage.setMembers(of: key.id) {
            do {
                values.append(try storage.value(at: index, as: T.self))
            } catch {
                if case .factoryReturnedNil = error { continue }
                throw error
            }
        }
        return values
    }

    /// Whether a component provides `type` in this container.
    public func contains<T>(_ type: T.Type) -> Bool {
        storage.index(of: ObjectIdentifier(type)) != nil
    }

    /// Whether a component provides the qualified type `qualified` in this container.
    public func contains<T>(_ qualified: Qualified<T>) -> Bool {
        storage.index(of: qualified.key.id) != nil
    }

    /// A description of the container's components and dependencies, exportable as Mermaid or DOT.
    public var graph: ComponentGraph { ComponentGraph(storage: storage) }
}
