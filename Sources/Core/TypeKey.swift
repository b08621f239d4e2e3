/// The identity of a keyed type: its metatype's `ObjectIdentifier`. The readable name is computed only
/// when a message or an export needs it, so building thousands of components stays cheap.
struct TypeKey: Hashable, Sendable, CustomStringConvertible {
    let id: ObjectIdentifier
    let type: Any.Type

    init<T>(_ type: T.Type) {
        id = ObjectIdentifier(type)
        self.type = type
    }

    /// The fully qualified type name, as `String(reflecting:)` prints it, without the unstable
    /// `(unknown context at $…).` segments that private and local types carry.
    var name: String { readableTypeName(type) }


    static func == (lhs: TypeKey, rhs: TypeKey) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var description: String { name }
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
