// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A registration: how to create an instance of one type for an app, when, and what it depends on.
///
/// ```swift
/// Component(AuthInterop.self, timing: .alwaysEager) { container, isCacheable in
///     isCacheable = true
///     return AuthImpl(app: container.app)
/// }
/// ```
///
/// The factory receives a *restricted* container that allows exactly the declared `dependencies`,
/// sets `isCacheable` (false by default, as in Firebase) and may return nil ("nothing for this app"):
/// a nil result is not cached and the factory runs again next time. A thrown error is reported as
/// ``ComponentError/factoryFailed(type:reason:)`` (a thrown ``ComponentError`` passes through as is).
///
/// Everything that goes into a container is `Sendable`, checked by the compiler: the provided type, every
/// `alsoProviding` type and every set contribution. A registered instance is shared by every thread that
/// resolves it, so a type with unprotected mutable state cannot be registered (make it a `final class` of
/// `let`s, an actor, or keep its mutable state in a `Locked`).
public struct Component: Sendable {
    /// The factory signature, type-erased to a stored instance.
    @usableFromInline typealias ErasedFactory = @Sendable (ComponentContainer, inout Bool) throws -> StoredInstance?

    /// Whether the component provides its type as a value or contributes to a set.
    enum Role: Sendable { case value, contribution }

    /// An extra type served by the same instance.
    struct Alias: Sendable {
        let key: TypeKey
        let convert: @Sendable (StoredInstance) -> StoredInstance
    }

    let key: TypeKey
    let role: Role
    /// When the instance is created.
    public let timing: InstantiationTiming
    /// Whether `dependencies` is not empty, and the kind of the one dependency when there is exactly one (see
    /// `soleDependencyID`).
    let hasDependencies: Bool
    let soleDependencyKind: Dependency.Kind
    /// The type identifier of the one dependency when there is exactly one, nil otherwise: configure then reads
    /// no dependency array (a cache line of its own, elsewhere in memory) for components with none or one.
    let soleDependencyID: ObjectIdentifier?
    /// What the factory may resolve from the container it receives.
    public let dependencies: [Dependency]
    /// The erased factory, in an object so that a container's slot can point at it without retaining (and
    /// touching) the component: running a factory then copies nothing out of the component.
    let factory: ErasedFactoryBox
    /// `factory`'s address.
    let factoryAddress: UInt
    /// The factory with its result type intact (a ``TypedFactory``), for the unboxed fast path of factories
    /// that do not cache; nil for set contributions.
    let typedFactory: (any AnyObject & Sendable)?
    /// `typedFactory`'s address (0 for none), so that a container can point at it without retaining (and
    /// touching) it.
    let typedFactoryAddress: UInt
    let aliases: [Alias]

    /// The fully qualified name of the provided type (`@qualifier Module.Type` for a ``Qualified`` one).
    public var typeName: String {
        role == .contribution ? "[\(Dependency(key: key, kind: .set, isRequired: false).typeName)]" : key.name
    }

    /// The qualifier of the provided type (for a component made from a ``Qualified`` key), nil otherwise.
    public var qualifier: Qualifier? { key.qualifier.map { Qualifier($0) } }

    /// A component providing `type`, which must be `Sendable` (the instance is shared across threads).
    @inlinable
    public init<T: Sendable>(
        _ type: T.Type,
        timing: InstantiationTiming = .lazy,
        dependencies: [Dependency] = [],
        factory:
            @escaping @Sendable (
                _ container: ComponentContainer,
                _ isCacheable: inout Bool
            ) throws -> T?
    ) {
        self.init(type, alsoProviding: [], timing: timing, dependencies: dependencies, factory: factory)
    }

    /// A component providing `type` and, from the very same instance, every type in `alsoProviding`.
    ///
    /// ```swift
    /// Component(AuthImpl.self, alsoProviding: [.type(AuthInterop.self) { $0 }, .type(AuthUserInterop.self) { $0 }]) { _, isCacheable in
    ///     isCacheable = true
    ///     return AuthImpl()
    /// }
    /// ```
    /// Each extra type resolves to `convert(instance)` and is cached exactly when the instance is.
    /// `type` and every extra type must be `Sendable` (the instance is shared across threads).
    @inlinable
    public init<T: Sendable>(
        _ type: T.Type,
        alsoProviding: [ComponentAlias<T>],
        timing: InstantiationTiming = .lazy,
        dependencies: [Dependency] = [],
        factory:
            @escaping @Sendable (
                _ container: ComponentContainer,
                _ isCacheable: inout Bool
            ) throws -> T?
    ) {
        // Inlinable so that the boxing closure is specialized for `T` in the caller's module: no generic
        // metadata lookups each time the factory runs.
        // The box's metatype, looked up once here rather than on every run (for a `T` that is itself generic,
        // each lookup is a search of the runtime's metadata cache).
        self.init(
            erasing: type, alsoProviding: alsoProviding, timing: timing, dependencies: dependencies,
            typedFactory: TypedFactory<T>(factory), factory: Self.erase(factory, boxType: InstanceBox<T>.self))
    }

    /// A component providing the qualified type `qualified`: one of several components of one type, told apart
    /// by their qualifiers (see ``Qualified``).
    ///
    /// ```swift
    /// Component(Qualified(Executor.self, "background")) { _, isCacheable in
    ///     isCacheable = true
    ///     return Executor(label: "background")
    /// }
    /// ```
    /// It is resolved only by that qualified key (`container.require(Qualified(Executor.self, "background"))`
    /// or `container.require(Executor.self, qualifier: "background")`), never as plain `Executor`.
    @inlinable
    public init<T: Sendable>(
        _ qualified: Qualified<T>,
        timing: InstantiationTiming = .lazy,
        dependencies: [Dependency] = [],
        factory:
            @escaping @Sendable (
                _ container: ComponentContainer,
                _ isCacheable: inout Bool
            ) throws -> T?
    ) {
        self.init(qualified, alsoProviding: [], timing: timing, dependencies: dependencies, factory: factory)
    }

    /// A component providing the qualified type `qualified` and, from the very same instance, every type in
    /// `alsoProviding` (which may be qualified too).
    @inlinable
    public init<T: Sendable>(
        _ qualified: Qualified<T>,
        alsoProviding: [ComponentAlias<T>],
        timing: InstantiationTiming = .lazy,
        dependencies: [Dependency] = [],
        factory:
            @escaping @Sendable (
                _ container: ComponentContainer,
                _ isCacheable: inout Bool
            ) throws -> T?
    ) {
        self.init(
            erasing: T.self, qualified: qualified, alsoProviding: alsoProviding, timing: timing,
            dependencies: dependencies, typedFactory: TypedFactory<T>(factory),
            factory: Self.erase(factory, boxType: InstanceBox<T>.self))
    }

    /// `factory` with its result stored (see ``StoredInstance``): boxed, or for a class, its one reference taken
    /// as it is (whether the result type is a class is checked once, here). Never inlined into generic code, so
    /// that the closure is made where `R` is a generic parameter with its metadata at hand (see
    /// ``FactoryResult``); concrete callers specialize it.
    @inlinable @inline(never)
    static func erase<R: FactoryResult & SendableMetatype>(
        _ factory: @escaping @Sendable (ComponentContainer, inout Bool) throws -> R,
        boxType: InstanceBox<R.Instance>.Type
    ) -> ErasedFactory
    where R.Instance: Sendable {
        guard StoredInstance.storesItself(R.Instance.self) else {
            return { container, isCacheable in try factory(container, &isCacheable).boxed(as: boxType) }
        }
        return { container, isCacheable in
            try StoredInstance.taking({ try factory(container, &isCacheable) }, boxType: boxType)
        }
    }

    @usableFromInline
    init<T: Sendable>(
        erasing type: T.Type, qualified: Qualified<T>? = nil, alsoProviding: [ComponentAlias<T>],
        timing: InstantiationTiming, dependencies: [Dependency], typedFactory: TypedFactory<T>,
        factory: @escaping ErasedFactory
    ) {
        key = qualified?.key ?? TypeKey(type)
        role = .value
        self.timing = timing
        hasDependencies = !dependencies.isEmpty
        soleDependencyKind = dependencies.count == 1 ? dependencies[0].kind : .direct
        soleDependencyID = dependencies.count == 1 ? dependencies[0].keyID : nil
        self.dependencies = dependencies
        self.factory = ErasedFactoryBox(factory)
        factoryAddress = UInt(bitPattern: Unmanaged.passUnretained(self.factory).toOpaque())
        self.typedFactory = typedFactory
        typedFactoryAddress = UInt(bitPattern: Unmanaged.passUnretained(typedFactory).toOpaque())
        aliases = alsoProviding.map { Alias(key: $0.key, convert: $0.convert) }
    }

    private init(
        key: TypeKey, role: Role, timing: InstantiationTiming, dependencies: [Dependency],
        factory: @escaping ErasedFactory
    ) {
        self.key = key
        self.role = role
        self.timing = timing
        hasDependencies = !dependencies.isEmpty
        soleDependencyKind = dependencies.count == 1 ? dependencies[0].kind : .direct
        soleDependencyID = dependencies.count == 1 ? dependencies[0].keyID : nil
        self.dependencies = dependencies
        self.factory = ErasedFactoryBox(factory)
        factoryAddress = UInt(bitPattern: Unmanaged.passUnretained(self.factory).toOpaque())
        typedFactory = nil
        typedFactoryAddress = 0
        aliases = []
    }

    /// A set contribution: one of possibly many components that together provide `[T]`, resolved with
    /// `container.all(T.self)` by components that declare ``Dependency/set(_:)``. Contributions never
    /// collide with each other or with a value component of `T`. `T` must be `Sendable` (the contributed
    /// instances are shared across threads).
    @inlinable
    public static func contribution<T: Sendable>(
        to type: T.Type,
        timing: InstantiationTiming = .lazy,
        dependencies: [Dependency] = [],
        factory: @escaping @Sendable (_ container: ComponentContainer, _ isCacheable: inout Bool) throws -> T?
    ) -> Component {
        Component(
            contributingTo: type, timing: timing, dependencies: dependencies,
            factory: erase(factory, boxType: InstanceBox<T>.self))
    }

    @usableFromInline
    init<T: Sendable>(
        contributingTo type: T.Type, timing: InstantiationTiming, dependencies: [Dependency],
        factory: @escaping ErasedFactory
    ) {
        self.init(
            key: TypeKey(SetContributions<T>.self), role: .contribution, timing: timing,
            dependencies: dependencies, factory: factory)
    }

    /// A cacheable component that always returns `instance`, the usual way to put a fake in `overrides`.
    /// `T` must be `Sendable` (the instance is shared across threads).
    public static func instance<T: Sendable>(_ instance: T, as type: T.Type) -> Component {
        Component(type) { _, isCacheable in
            isCacheable = true
            return instance
        }
    }

    /// A cacheable component that always returns `instance` as the qualified type `qualified`, the usual way to
    /// put a fake for one qualified component in `overrides`.
    public static func instance<T>(_ instance: T, as qualified: Qualified<T>) -> Component where T: Sendable {
        Component(qualified) { _, isCacheable in
            isCacheable = true
            return instance
        }
    }
}

/// An extra type that a component's instance is also served as; see
/// ``Component/init(_:alsoProviding:timing:dependencies:factory:)-(T.Type,_,_,_,_)``. Both the component's type (`Source`)
/// and the extra type are `Sendable`, as everything in a container is.
public struct ComponentAlias<Source: Sendable>: Sendable {
    let key: TypeKey
    let convert: @Sendable (StoredInstance) -> StoredInstance

    /// Serve the instance as `type` (which must be `Sendable`) too, converted by `convert` (usually `{ $0 }`).
    public static func type<U: Sendable>(_ type: U.Type, _ convert: @escaping @Sendable (Source) -> U)
        -> ComponentAlias<Source>
    {
        ComponentAlias(key: TypeKey(type)) { instance in
            StoredInstance(box: InstanceBox<U>(convert(instance.value(as: Source.self))))
        }
    }

    /// Serve the instance as the qualified type `qualified` too, converted by `convert`.
    public static func type<U>(_ qualified: Qualified<U>, _ convert: @escaping @Sendable (Source) -> U)
        -> ComponentAlias<Source>
    {
        ComponentAlias(key: qualified.key) { instance in
            StoredInstance(box: InstanceBox<U>(convert(instance.value(as: Source.self))))
        }
    }
}

/// A component's factory with its result type, so that the container's specialized fast path can call it
/// without boxing the result.
@usableFromInline
final class TypedFactory<T: Sendable>: Sendable {
    @usableFromInline let make: @Sendable (ComponentContainer, inout Bool) throws -> T?

    @usableFromInline
    init(_ make: @escaping @Sendable (ComponentContainer, inout Bool) throws -> T?) {
        self.make = make
    }
}

/// A component's erased factory (see ``Component/factory``).
final class ErasedFactoryBox: Sendable {
    let make: Component.ErasedFactory

    init(_ make: @escaping Component.ErasedFactory) {
        self.make = make
    }
}
