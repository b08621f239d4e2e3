// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Swinject

/// The Flint library of the resolve cases: cached ``BenchService``, ``OtherService`` and
/// ``SharedDependency``, and a non-cached ``FreshService`` that requires ``SharedDependency``.
enum BenchLibrary: FlintLibrary {
    static let libraryName = "flint-bench"
    static let libraryVersion = "1.0.0"

    static func componentsToRegister() -> [Component] {
        [
            Component((any BenchService).self) { _, isCacheable in
                isCacheable = true
                return BenchServiceImpl()
            },
            Component((any OtherService).self) { _, isCacheable in
                isCacheable = true
                return OtherServiceImpl()
            },
            Component(SharedDependency.self) { _, isCacheable in
                isCacheable = true
                return SharedDependency()
            },
            Component((any FreshService).self, dependencies: [.required(SharedDependency.self)]) { container, _ in
                FreshServiceImpl(dependency: container.instance(for: SharedDependency.self)!)
            },
        ]
    }
}

/// A configured Flint app with ``BenchLibrary``'s components, in a private registry.
func makeFlintApp() -> FlintApp {
    let registry = AppRegistry()
    do {
        try registry.register(BenchLibrary.self)
        return try registry.configure(name: "bench", options: benchOptions)
    } catch {
        fatalError("configure failed: \(error)")
    }
}

/// A Swinject container with the same services: container scope for the cached ones, transient scope for
/// ``FreshService``.
func makeSwinjectContainer() -> Container {
    let container = Container()
    container.register((any BenchService).self) { _ in BenchServiceImpl() }.inObjectScope(.container)
    container.register((any OtherService).self) { _ in OtherServiceImpl() }.inObjectScope(.container)
    container.register(SharedDependency.self) { _ in SharedDependency() }.inObjectScope(.container)
    container.register((any FreshService).self) { resolver in
        FreshServiceImpl(dependency: resolver.resolve(SharedDependency.self)!)
    }.inObjectScope(.transient)
    return container
}

/// The locked-dictionary baseline with the same services: instances for the cached ones, a factory closure
/// for ``FreshService``.
func makeDictionaryContainer() -> LockedDictionaryContainer {
    let container = LockedDictionaryContainer()
    container.register((any BenchService).self, instance: BenchServiceImpl())
    container.register((any OtherService).self, instance: OtherServiceImpl())
    container.register(SharedDependency.self, instance: SharedDependency())
    container.register((any FreshService).self, cached: false) { container in
        FreshServiceImpl(dependency: container.resolve(SharedDependency.self)!)
    }
    return container
}
