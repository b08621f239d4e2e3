// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Case 5, `eager_100`: configure an app whose 100 components are all `.alwaysEager`, so configure itself
/// creates every instance (same binary tree of dependencies as the configure cases). Nothing is resolved
/// afterwards. Reported as ns per whole configure.
///
/// Swinject and the dictionary baseline have no eager start; the closest equivalent, reported under the same
/// case, is "register 100 cached services and resolve each once" (the same work as `configure_100`).
/// swift-dependencies: n/a.
func runEagerStartCases(_ config: BenchConfig, progress: (String) -> Void) -> [BenchResult] {
    progress("eager_100")
    return measureConfigure(
        config, caseName: "eager_100", count: 100, timing: .alwaysEager,
        flintResolvesAll: false, operations: config.scaled(100, quick: 10))
}
