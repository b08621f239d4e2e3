/// The root key type of a generated tree of distinct types.
enum TypeRoot {}
/// A key type whose index is `2 × index(Parent)`.
enum TypeBit0<Parent> {}
/// A key type whose index is `2 × index(Parent) + 1`.
enum TypeBit1<Parent> {}

/// Receives the generated key types, each after its parent.
///
/// Generated key `K` with index `i` stands for service `Node<K>`, which depends on `Node<Parent>` (index
/// `i / 2`): a binary tree of dependencies of depth log2(n), so graph validation walks real edges.
protocol TypeGraphVisitor {
    /// The root (index 0), which has no dependency.
    mutating func visitRoot<Key>(_ key: Key.Type)
    /// A key with a parent (index ≥ 1).
    mutating func visit<Key, Parent>(_ key: Key.Type, parent: Parent.Type)
}

/// Feeds `visitor` with `count` distinct key types (indices `0..<count`), parents first.
///
/// Each type is a distinct metatype built at run time from nested generics (the binary digits of its
/// index: `TypeBit0<TypeBit1<TypeRoot>>` is index 2), so building them costs generic-metadata
/// instantiation: call this outside the timed region and keep what the visitor collected.
func generateTypeGraph<Visitor: TypeGraphVisitor>(count: Int, into visitor: inout Visitor) {
    guard count > 0 else { return }
    visitor.visitRoot(TypeRoot.self)
    expandTypeGraph(TypeRoot.self, index: 0, count: count, into: &visitor)
}

/// Visits the children `2i` and `2i + 1` of the key `Key` with index `i`, depth first.
private func expandTypeGraph<Key, Visitor: TypeGraphVisitor>(_ key: Key.Type, index: Int, count: Int,
                                                             into visitor: inout Visitor) {
    let left = index * 2
    if left != 0, left < count {
        visitor.visit(TypeBit0<Key>.self, parent: Key.self)
        expandTypeGraph(TypeBit0<Key>.self, index: left, count: count, into: &visitor)
    }
    let right = index * 2 + 1
    if right < count {
        visitor.visit(TypeBit1<Key>.self, parent: Key.self)
        expandTypeGraph(TypeBit1<Key>.self, index: right, count: count, into: &visitor)
    }
}
