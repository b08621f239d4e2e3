// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Swinject

/// The options every benchmark app is configured with.
let benchOptions = FlintOptions(googleAppID: "1:1234567890:ios:0123456789abcdef", gcmSenderID: "1234567890")

/// Case 3, `configure_<n>`: build a container of `n` distinct services (a binary tree of dependencies,
/// see ``generateTypeGraph(count:graph:into:)``), validate it, and resolve every service once. Reported as ns per
/// whole configure (registration + validation + one resolve of each service).
///
/// - Flint: `AppRegistry.configure(name:options:overrides:)` with the `n` prebuilt components as
///   overrides (graph validation included), then `instance(for:)` of each type.
/// - Swinject: a new `Container`, `register(_:factory:).inObjectScope(.container)` of each type (factories
///   prebuilt), then `resolve(_:)` of each type. Swinject validates nothing up front.
/// - baseline-dict: a new locked dictionary, register each factory, resolve each type.
/// - swift-dependencies: n/a (dependencies are static `DependencyKey` types; there is no run-time registration).
func runConfigureCases(_ config: BenchConfig, progress: (String) -> Void) -> [BenchResult] {
    var results: [BenchResult] = []
    for count in [100, 1_000, 10_000] {
        let caseName = "configure_\(count)"
        progress(caseName)
        // Operations per timed repetition, so each repetition lasts long enough to time.
        let operations = max(1, config.scaled(10_000, quick: 1_000) / count)
        results += measureConfigure(
            config, caseName: caseName, count: count, timing: .lazy, flintResolvesAll: true,
            operations: operations)
    }
    return results
}

/// Times building a container of `count` generated services for Flint, Swinject and the dictionary baseline,
/// then resolving each service once. Flint's components use `timing`; with `flintResolvesAll` false (eager
/// components, already created by configure) Flint resolves nothing after configure, while the peers, which
/// have no eager start, still resolve each service once.
func measureConfigure(
    _ config: BenchConfig, caseName: String, count: Int, timing: InstantiationTiming,
    flintResolvesAll: Bool, operations: Int
) -> [BenchResult] {
    // One graph of distinct types per operation: no configure in a repetition finds its components, types
    // and factories warm in the caches from the previous one, at every size alike (a repetition always
    // touches about 10,000 types' worth of data), so the sizes compare like with like.
    var flintGraphs: [FlintGraphVisitor] = []
    var swinjectGraphs: [SwinjectGraphVisitor] = []
    var dictionaryGraphs: [DictionaryGraphVisitor] = []
    for graph in 0..<operations {
        var flintGraph = FlintGraphVisitor(timing: timing)
        generateTypeGraph(count: count, graph: graph, into: &flintGraph)
        flintGraphs.append(flintGraph)
        var swinjectGraph = SwinjectGraphVisitor()
        generateTypeGraph(count: count, graph: graph, into: &swinjectGraph)
        swinjectGraphs.append(swinjectGraph)
        var dictionaryGraph = DictionaryGraphVisitor()
        generateTypeGraph(count: count, graph: graph, into: &dictionaryGraph)
        dictionaryGraphs.append(dictionaryGraph)
    }
    let appNames = (0..<operations).map { "bench\($0)" }

    let flint = Contender.fixed(.flint, operations: operations, setup: { AppRegistry() }) { registry in
        for (name, flintGraph) in zip(appNames, flintGraphs) {
            let app: FlintApp
            do {
                app = try registry.configure(name: name, options: benchOptions, overrides: flintGraph.components)
            } catch {
                fatalError("configure failed: \(error)")
            }
            if flintResolvesAll {
                let container = app.container
                for resolve in flintGraph.resolvers { resolve(container) }
            }
        }
    } teardown: { registry in
        deleteAllApps(of: registry)
    }
    let swinject = Contender.fixed(.swinject, operations: operations, setup: {}) { _ -> [Container] in
        var containers: [Container] = []
        for swinjectGraph in swinjectGraphs {
            let container = Container()
            for register in swinjectGraph.registrations { register(container) }
            for resolve in swinjectGraph.resolvers { resolve(container) }
            containers.append(container)
        }
        return containers
    }
    let dictionary = Contender.fixed(.baselineDict, operations: operations, setup: {}) {
        _ -> [LockedDictionaryContainer] in
        var containers: [LockedDictionaryContainer] = []
        for dictionaryGraph in dictionaryGraphs {
            let container = LockedDictionaryContainer()
            for register in dictionaryGraph.registrations { register(container) }
            for resolve in dictionaryGraph.resolvers { resolve(container) }
            containers.append(container)
        }
        return containers
    }
    return measure(config, caseName: caseName, [flint, swinject, dictionary])
}
