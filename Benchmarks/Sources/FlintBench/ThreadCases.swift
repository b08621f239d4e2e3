// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Swinject

/// Case 4: cached resolve from dedicated threads started together; reported as aggregate cost, wall time /
/// total resolves over all threads.
///
/// - `cached_resolve_1_thread`: one thread resolves ``BenchService``.
/// - `cached_resolve_2_threads`: two threads at once, thread 0 resolves ``BenchService`` and thread 1
///   ``OtherService`` (different types, different instances).
/// - `cached_resolve_2_threads_same`: two threads at once, both resolve ``BenchService`` (the same slot and
///   the same object: its reference count is contended by every system, as each resolve retains it).
///
/// Swinject uses `container.synchronize()` in all three, since its plain container is not thread-safe.
func runThreadCases(_ config: BenchConfig, progress: (String) -> Void) -> [BenchResult] {
    let app = makeFlintApp()
    defer { withExtendedLifetime(app) {} }
    let flint = FlintResolveLoop(container: app.container)
    let swinject = SwinjectResolveLoop(makeSwinjectContainer().synchronize())
    let dependencies = DependenciesResolveLoop()
    let dictionary = DictionaryResolveLoop(container: makeDictionaryContainer())
    let property = PropertyResolveLoop()
    var results: [BenchResult] = []
    let variants: [(name: String, threads: Int, same: Bool)] = [
        ("cached_resolve_1_thread", 1, true),
        ("cached_resolve_2_threads", 2, false),
        ("cached_resolve_2_threads_same", 2, true),
    ]
    for variant in variants {
        progress(variant.name)
        func contender<Loop: ResolveLoop>(_ system: BenchSystem, _ loop: Loop) -> Contender {
            threadContender(system, config, loop, threads: variant.threads, sameService: variant.same)
        }
        results += measure(
            config, caseName: variant.name,
            [
                contender(.flint, flint),
                contender(.swinject, swinject),
                contender(.swiftDependencies, dependencies),
                contender(.baselineDict, dictionary),
                contender(.baselineProperty, property),
            ])
    }
    return results
}

/// `loop` on `threads` threads: thread 0 resolves ``BenchService``, the others ``OtherService`` unless
/// `sameService`.
private func threadContender<Loop: ResolveLoop>(
    _ system: BenchSystem, _ config: BenchConfig, _ loop: Loop,
    threads: Int, sameService: Bool
) -> Contender {
    Contender.threads(system, config, threads: threads) { index, iterations in
        if index == 0 || sameService {
            loop.resolveBench(iterations)
        } else {
            loop.resolveOther(iterations)
        }
    }
}
