// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A component's declared need for another type in the same container.
///
/// Declared dependencies do three jobs: configure validates them (a required one with no provider is
/// ``ComponentError/missingDependency(component:dependency:)``, a cycle through them is
/// ``ComponentError/dependencyCycle(_:)``), the factory's restricted container allows exactly them, and
/// the graph export draws them.
public struct Dependency: Sendable, Hashable, CustomStringConvertible {
    /// The identifier of the type depended on.
    @usableFromInline var keyID: ObjectIdentifier { key.id }

    /// How the dependency is resolved.
    @usableFromInline
    enum Kind: Sendable, Hashable {
        /// `container.instance(for:)` / `require(_:)`.
        case direct
        /// `container.provider(for:)`: resolved on first `get()`, so it may close a cycle legally.
        case provider
        /// `container.all(_:)`: every set contribution to the type.
        case set
        /// `container.deferred(for:)`: a type that may be provided only later, by a library registered after
        /// the app was configured. Never missing, never part of a cycle.
        case deferred
    }

    let key: TypeKey
    @usableFromInline let kind: Kind
    /// Whether configure fails when no component provides the type.
    public let isRequired: Bool

    init(key: TypeKey, kind: Kind, isRequired: Bool) {
        self.key = key
        self.kind = kind
        self.isRequired = isRequired
    }

    /// A dependency that must be provided by some component, or configure fails.
    public static func required<T>(_ type: T.Type) -> Dependency {
        Dependency(key: TypeKey(type), kind: .direct, isRequired: true)
    }

    /// A dependency that may be missing; the factory then sees nil.
    public static func optional<T>(_ type: T.Type) -> Dependency {
        Dependency(key: TypeKey(type), kind: .direct, isRequired: false)
    }

    /// A dependency resolved later through a ``Provider`` (`container.provider(for:)`), on its first
    /// `get()`. Provider dependencies are not followed by cycle detection, so two components may
    /// depend on each other when at least one side uses a provider.
    public static func provider<T>(_ type: T.Type, isRequired: Bool = true) -> Dependency {
        Dependency(key: TypeKey(type), kind: .provider, isRequired: isRequired)
    }

    /// A dependency on the qualified type `qualified` that must be provided by some component, or configure
    /// fails. Only that qualified key satisfies it: neither the unqualified type nor another qualifier does.
    public static func required<T>(_ qualified: Qualified<T>) -> Dependency {
        Dependency(key: qualified.key, kind: .direct, isRequired: true)
    }

    /// A dependency on the qualified type `qualified` that may be missing; the factory then sees nil.
    public static func optional<T>(_ qualified: Qualified<T>) -> Dependency {
        Dependency(key: qualified.key, kind: .direct, isRequired: false)
    }

    /// A dependency on the qualified type `qualified` resolved later through a ``Provider``
    /// (`container.provider(for:)`), on its first `get()`, like an unqualified provider dependency.
    public static func provider<T>(_ qualified: Qualified<T>, isRequired: Bool = true) -> Dependency {
        Dependency(key: qualified.key, kind: .provider, isRequired: isRequired)
    }

    /// A dependency on a type that may arrive later, resolved through a ``Deferred`` (`container.deferred(for:)`):
    /// Firebase Android's `Deferred<T>`. Never missing (nothing needs to provide it at configure) and never part
    /// of a cycle; when a library registered after the app was configured provides the type, the deferred's
    /// `whenAvailable` handlers run.
    public static func deferred<T>(_ type: T.Type) -> Dependency {
        Dependency(key: TypeKey(type), kind: .deferred, isRequired: false)
    }

    /// A deferred dependency (see ``deferred(_:)-swift.type.method``) on the qualified type `qualified`.
    public static func deferred<T>(_ qualified: Qualified<T>) -> Dependency {
        Dependency(key: qualified.key, kind: .deferred, isRequired: false)
    }

    /// A dependency on every set contribution to `type` (see ``Component/contribution(to:timing:dependencies:factory:)``),
    /// resolved together with `container.all(_:)`. Never missing: no contribution is an empty array.
    public static func set<T>(_ type: T.Type) -> Dependency {
        Dependency(key: TypeKey(SetContributions<T>.self), kind: .set, isRequired: false)
    }

    /// The fully qualified name of the type depended on (`@qualifier Module.Type` for a ``Qualified`` one).
    public var typeName: String {
        kind == .set ? String(key.name.dropFirst(SetContributions<Int>.namePrefix.count).dropLast()) : key.name
    }

    /// The qualifier of the type depended on, nil for an unqualified dependency.
    public var qualifier: Qualifier? { key.qualifier.map { Qualifier($0) } }

    public var description: String {
        let kindText: String
        switch kind {
        case .direct: kindText = isRequired ? "required" : "optional"
        case .provider: kindText = isRequired ? "required provider" : "optional provider"
        case .set: kindText = "set"
        case .deferred: kindText = "deferred"
        }
        return "\(kindText) \(typeName)"
    }
}

/// The phantom key type under which set contributions to `T` are stored.
enum SetContributions<T> {
    static var namePrefix: String { "FlintCore.SetContributions<" }
}
