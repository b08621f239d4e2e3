// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Swinject

/// Case 2, `fresh_instance`: resolve a protocol-typed, non-cached service (`any FreshService`), which
/// creates a new `FreshServiceImpl` holding the one cached ``SharedDependency``, on every resolve.
///
/// - Flint: a component without `isCacheable`, declaring `.required(SharedDependency.self)`; its factory
///   resolves the dependency from the restricted container it receives.
/// - Swinject: `.transient` scope; the factory resolves the `.container`-scoped dependency.
/// - baseline-dict: a factory closure in the locked dictionary, resolving the dependency from it.
/// - baseline-property: a plain allocation with the dependency read from a stored property.
/// - swift-dependencies: n/a (a `DependencyKey`'s value is created once and cached; there is no per-read factory).
func runFreshInstanceCases(_ config: BenchConfig, progress: (String) -> Void) -> [BenchResult] {
    progress("fresh_instance")
    let app = makeFlintApp()
    defer { withExtendedLifetime(app) {} }
    let container = app.container
    let swinjectContainer = makeSwinjectContainer()
    let dictionaryContainer = makeDictionaryContainer()
    let holder = opaque(PropertyHolder())
    return measure(
        config, caseName: "fresh_instance",
        [
            Contender.loop(.flint, config) { iterations in
                for _ in 0..<iterations { blackHole(container.instance(for: (any FreshService).self)!) }
            },
            Contender.loop(.swinject, config) { iterations in
                for _ in 0..<iterations { blackHole(swinjectContainer.resolve((any FreshService).self)!) }
            },
            Contender.loop(.baselineDict, config) { iterations in
                for _ in 0..<iterations { blackHole(dictionaryContainer.resolve((any FreshService).self)!) }
            },
            Contender.loop(.baselineProperty, config) { iterations in
                for _ in 0..<iterations {
                    let service: any FreshService = FreshServiceImpl(dependency: holder.dependency)
                    blackHole(service)
                }
            },
        ])
}
