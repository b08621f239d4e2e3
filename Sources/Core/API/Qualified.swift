// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The name that tells apart several components of one type, as Firebase Android's qualifier annotations do
/// (`@Background Executor`, `@UiThread Executor`).
///
/// A string literal is a qualifier, so `Qualified(Executor.self, "background")` works as is; declaring the
/// qualifiers a library uses as constants keeps typos out:
///
/// ```swift
/// extension Qualifier {
///     static let background: Qualifier = "background"
///     static let ui: Qualifier = "ui"
/// }
/// ```
///
/// Qualifiers compare by name. Errors, monitor events and graph exports print a qualified type as
/// `@background Module.Executor`.
public struct Qualifier: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The qualifier's name, e.g. `"background"`.
    public let name: String

    /// A qualifier named `name` (say `"background"`; an identifier-like name prints best).
    public init(_ name: String) {
        self.name = name
    }

    /// A qualifier named by a string literal.
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// The name with Android's prefix: `@background`.
    public var description: String { "@\(name)" }
}

/// A type together with a ``Qualifier``: the key of one of several components of a type, as Firebase
/// Android's `Qualified<T>`.
///
/// ```swift
/// let background = Qualified(Executor.self, "background")
/// let ui = Qualified(Executor.self, "ui")
///
/// Component(background) { _, isCacheable in isCacheable = true; return Executor(label: "background") }
/// Component(ui) { _, isCacheable in isCacheable = true; return Executor(label: "ui") }
/// Component(Renderer.self, dependencies: [.required(ui)]) { container, isCacheable in
///     isCacheable = true
///     return Renderer(executor: try container.require(ui))
/// }
/// ```
///
/// `Executor`, `@background Executor` and `@ui Executor` are three different keys: each may have its own
/// component, and none is a duplicate of another. Creating a `Qualified` looks the (type, qualifier) pair up
/// in a process-wide table once; resolving with a stored `Qualified` value then costs the same as resolving
/// an unqualified type. Two values with the same type and qualifier are equal.
public struct Qualified<T>: Sendable, Hashable, CustomStringConvertible {
    /// The key: the interned identifier of (type, qualifier), and the pair for naming.
    @usableFromInline let key: TypeKey

    /// The qualifier.
    public var qualifier: Qualifier { Qualifier(key.qualifier.unsafelyUnwrapped) }

    /// The qualified type.
    public var type: T.Type { T.self }

    /// `type` qualified by `qualifier`.
    public init(_ type: T.Type, _ qualifier: Qualifier) {
        key = TypeKey(type, qualifier: qualifier.name)
    }

    /// The name used in errors, events and graph exports: `@background Module.Executor`.
    public var description: String { key.name }

    public static func == (lhs: Qualified, rhs: Qualified) -> Bool { lhs.key.id == rhs.key.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(key.id) }
}

/// The process-wide table that gives each (type, qualifier) pair a unique `ObjectIdentifier`: the identity
/// of a token object that is never freed. Containers, type tables and dependency links keep working with
/// plain `ObjectIdentifier`s; a token's identifier can never equal a metatype's (both are live addresses)
/// or another token's.
enum QualifiedKeys {
    /// One interned pair.
    private final class Token: Sendable {}

    private struct Pair: Hashable {
        let type: ObjectIdentifier
        let qualifier: String
    }

    private static let tokens = Locked<[Pair: Token]>([:])

    /// The identifier of `type` qualified by `qualifier`, the same on every call for the same pair.
    static func identifier(of type: Any.Type, qualifier: String) -> ObjectIdentifier {
        let pair = Pair(type: ObjectIdentifier(type), qualifier: qualifier)
        return tokens.withLock { tokens in
            if let token = tokens[pair] { return ObjectIdentifier(token) }
            let token = Token()
            tokens[pair] = token
            return ObjectIdentifier(token)
        }
    }
}
