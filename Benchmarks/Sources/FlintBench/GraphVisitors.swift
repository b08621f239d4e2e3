// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Swinject

/// Collects, for a generated type graph, Flint components (one cacheable `Node<Key>` per key, depending on
/// its parent's node) and one resolve closure per component. Built before timing.
struct FlintGraphVisitor: TypeGraphVisitor {
    let timing: InstantiationTiming
    var components: [Component] = []
    var resolvers: [@Sendable (ComponentContainer) -> Void] = []

    init(timing: InstantiationTiming) {
        self.timing = timing
    }

    mutating func visitRoot<Key>(_ key: Key.Type) {
        let nodeType = Node<Key>.self
        components.append(
            Component(nodeType, timing: timing) { _, isCacheable in
                isCacheable = true
                return nodeType.init(parent: nil)
            })
        resolvers.append { container in blackHole(container.instance(for: nodeType)) }
    }

    mutating func visit<Key, Parent>(_ key: Key.Type, parent: Parent.Type) {
        let nodeType = Node<Key>.self
        let parentType = Node<Parent>.self
        components.append(
            Component(nodeType, timing: timing, dependencies: [.required(parentType)]) { container, isCacheable in
                isCacheable = true
                return nodeType.init(parent: container.instance(for: parentType))
            })
        resolvers.append { container in blackHole(container.instance(for: nodeType)) }
    }
}

/// The same graph for Swinject: one registration closure per service (container scope, so cached) and one
/// resolve closure per service. The factories are created before timing, like Flint's components.
struct SwinjectGraphVisitor: TypeGraphVisitor {
    var registrations: [(Container) -> Void] = []
    var resolvers: [(Container) -> Void] = []

    mutating func visitRoot<Key>(_ key: Key.Type) {
        let nodeType = Node<Key>.self
        let factory: (any Resolver) -> Node<Key> = { _ in nodeType.init(parent: nil) }
        registrations.append { container in container.register(nodeType, factory: factory).inObjectScope(.container) }
        resolvers.append { container in blackHole(container.resolve(nodeType)) }
    }

    mutating func visit<Key, Parent>(_ key: Key.Type, parent: Parent.Type) {
        let nodeType = Node<Key>.self
        let parentType = Node<Parent>.self
        let factory: (any Resolver) -> Node<Key> = { resolver in nodeType.init(parent: resolver.resolve(parentType)) }
        registrations.append { container in container.register(nodeType, factory: factory).inObjectScope(.container) }
        resolvers.append { container in blackHole(container.resolve(nodeType)) }
    }
}

/// The same graph for the locked-dictionary baseline: cached factory registrations and resolve closures.
struct DictionaryGraphVisitor: TypeGraphVisitor {
    var registrations: [@Sendable (LockedDictionaryContainer) -> Void] = []
    var resolvers: [@Sendable (LockedDictionaryContainer) -> Void] = []

    mutating func visitRoot<Key>(_ key: Key.Type) {
        let nodeType = Node<Key>.self
        let factory: @Sendable (LockedDictionaryContainer) -> Node<Key> = { _ in nodeType.init(parent: nil) }
        registrations.append { container in container.register(nodeType, cached: true, factory: factory) }
        resolvers.append { container in blackHole(container.resolve(nodeType)) }
    }

    mutating func visit<Key, Parent>(_ key: Key.Type, parent: Parent.Type) {
        let nodeType = Node<Key>.self
        let parentType = Node<Parent>.self
        let factory: @Sendable (LockedDictionaryContainer) -> Node<Key> = { container in
            nodeType.init(parent: container.resolve(parentType))
        }
        registrations.append { container in container.register(nodeType, cached: true, factory: factory) }
        resolvers.append { container in blackHole(container.resolve(nodeType)) }
    }
}
