/// The identity of a keyed type: its metatype's `ObjectIdentifier`. The readable name is computed only
/// when a message or an export needs it, so building thousands of components stays cheap.
struct TypeKey: Hashable, Sendable, CustomStringConvertible {
    let id: ObjectIdentifier
    let type: Any.Type

    init<T>(_ type: T.Type) {
        id = ObjectIdentifier(type)
        self.type = type
    }

    /// The fully qualified type name, as `String(reflecting:)` prints it.
    var name: String { String(reflecting: type) }

    static func == (lhs: TypeKey, rhs: TypeKey) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var description: String { name }
}
