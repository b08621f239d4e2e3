// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Case 1, `cached_resolve`: resolve a protocol-typed singleton (`any BenchService`), already created, on
/// one thread. Swinject uses its plain (not synchronized) `Container` here. baseline-retain is the reference-count
/// floor every resolve that returns a strong reference pays (see ``RetainReleaseLoop``).
func runCachedResolveCases(_ config: BenchConfig, progress: (String) -> Void) -> [BenchResult] {
    progress("cached_resolve")
    let app = makeFlintApp()
    defer { withExtendedLifetime(app) {} }
    return measure(
        config, caseName: "cached_resolve",
        [
            resolveContender(.flint, config, FlintResolveLoop(container: app.container)),
            resolveContender(.swinject, config, SwinjectResolveLoop(makeSwinjectContainer())),
            resolveContender(.swiftDependencies, config, DependenciesResolveLoop()),
            resolveContender(.baselineDict, config, DictionaryResolveLoop(container: makeDictionaryContainer())),
            resolveContender(.baselineProperty, config, PropertyResolveLoop()),
            resolveContender(.baselineRetain, config, RetainReleaseLoop()),
        ])
}

/// A calibrated loop of `loop.resolveBench` (generic, so the loop is specialized for each system).
private func resolveContender<Loop: ResolveLoop>(
    _ system: BenchSystem, _ config: BenchConfig,
    _ loop: Loop
) -> Contender {
    Contender.loop(system, config) { loop.resolveBench($0) }
}
