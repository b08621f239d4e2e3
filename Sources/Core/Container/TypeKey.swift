// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The identity of a keyed type: its metatype's `ObjectIdentifier`, or for a ``Qualified`` type the interned
/// identifier of (type, qualifier) (see ``QualifiedKeys``). The readable name is computed only when a message
/// or an export needs it, so building thousands of components stays cheap.
@usableFromInline
struct TypeKey: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline let id: ObjectIdentifier
    let type: Any.Type
    /// The qualifier's name for a qualified key, nil otherwise (for naming only: `id` already tells keys apart).
    let qualifier: String?

    init<T>(_ type: T.Type) {
        id = ObjectIdentifier(type)
        self.type = type
        qualifier = nil
    }

    /// The key of `type` qualified by `qualifier` (one locked table lookup).
    init<T>(_ type: T.Type, qualifier: String) {
        id = QualifiedKeys.identifier(of: type, qualifier: qualifier)
        self.type = type
        self.qualifier = qualifier
    }

    /// The fully qualified type name, as `String(reflecting:)` prints it, without the unstable
    /// `(unknown context at $…).` segments that private and local types carry; a qualified key prints as
    /// Android does, `@qualifier Module.Type`.
    var name: String {
        guard let qualifier else { return readableTypeName(type) }
        return "@\(qualifier) \(readableTypeName(type))"
    }

    @usableFromInline static func == (lhs: TypeKey, rhs: TypeKey) -> Bool { lhs.id == rhs.id }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(id) }
    @usableFromInline var description: String { name }
}

/// `String(reflecting:)` minus `(unknown context at $…).`, so private types read as `Module.Type`.
@usableFromInline
func readableTypeName(_ type: Any.Type) -> String {
    var name = String(reflecting: type)
    while let start = name.range(of: "(unknown context at $") {
        guard let end = name[start.upperBound...].range(of: ").") else { break }
        name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return name
}
