// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The tag of graph 0; graph `g > 0` is tagged by `g`'s binary digits nested around it
/// (`TypeBit1<TypeBit0<GraphTag>>` is graph 2).
enum GraphTag {}
/// The root key type of the generated graph tagged `Tag`.
enum TypeRoot<Tag> {}
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

/// Feeds `visitor` with `count` distinct key types (indices `0..<count`), parents first, for graph number
/// `graph`: graphs with different numbers share no type.
///
/// Each type is a distinct metatype built at run time from nested generics (the binary digits of its
/// index: `TypeBit0<TypeBit1<TypeRoot<Tag>>>` is index 2), so building them costs generic-metadata
/// instantiation: call this outside the timed region and keep what the visitor collected.
func generateTypeGraph<Visitor: TypeGraphVisitor>(count: Int, graph: Int = 0, into visitor: inout Visitor) {
    guard count > 0 else { return }
    generateTypeGraph(count: count, tag: GraphTag.self, remainingBits: graph, into: &visitor)
}

/// Nests the remaining binary digits of the graph number around `tag`, lowest first, then generates the graph.
private func generateTypeGraph<Tag, Visitor: TypeGraphVisitor>(
    count: Int, tag: Tag.Type, remainingBits: Int,
    into visitor: inout Visitor
) {
    if remainingBits == 0 {
        visitor.visitRoot(TypeRoot<Tag>.self)
        expandTypeGraph(TypeRoot<Tag>.self, index: 0, count: count, into: &visitor)
    } else if remainingBits & 1 == 0 {
        generateTypeGraph(count: count, tag: TypeBit0<Tag>.self, remainingBits: remainingBits >> 1, into: &visitor)
    } else {
        generateTypeGraph(count: count, tag: TypeBit1<Tag>.self, remainingBits: remainingBits >> 1, into: &visitor)
    }
}

/// Visits the children `2i` and `2i + 1` of the key `Key` with index `i`, depth first.
private func expandTypeGraph<Key, Visitor: TypeGraphVisitor>(
    _ key: Key.Type, index: Int, count: Int,
    into visitor: inout Visitor
) {
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
