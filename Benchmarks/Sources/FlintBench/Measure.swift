// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Consumes a value without letting the optimizer know what happens to it, so that the work producing it
/// cannot be removed. `@_optimize(none)` as well as `@inline(never)`: an empty non-inlined function is
/// still seen through by whole-module side-effect analysis, and the calls would be deleted.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    _ = value
}

/// Returns `value` unchanged, but the optimizer cannot see that: anything passed through escapes, so loads
/// from it cannot be hoisted out of a loop or constant-folded.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T {
    value
}

/// How long and how often each case runs.
struct BenchConfig: Sendable {
    /// `--quick`: every case briefly (CI smoke run).
    let quick: Bool
    /// `--json`: one JSON object per result line instead of the table.
    let json: Bool
    /// Untimed runs before the timed repetitions.
    let warmups: Int
    /// Timed repetitions; the median is reported.
    let repetitions: Int
    /// How long one timed run of a calibrated loop lasts (see ``Contender/loop(_:_:_:)``).
    let targetRunTime: Duration

    init(quick: Bool, json: Bool) {
        self.quick = quick
        self.json = json
        warmups = 1
        repetitions = quick ? 3 : 7
        targetRunTime = quick ? .milliseconds(20) : .milliseconds(200)
    }

    /// `full` in a full run, `quick` with `--quick`.
    func scaled(_ full: Int, quick: Int) -> Int {
        self.quick ? quick : full
    }
}

/// The systems compared.
enum BenchSystem: String, CaseIterable, Sendable {
    case flint
    case swinject
    case swiftDependencies = "swift-dependencies"
    case baselineDict = "baseline-dict"
    case baselineProperty = "baseline-property"
    case baselineRetain = "baseline-retain"
    case baselineAsyncStream = "baseline-asyncstream"
    case baselineFileCopy = "baseline-file-copy"
}

/// One measured (case, system) pair.
struct BenchResult: Sendable {
    /// The case name used in the JSON output, e.g. `cached_resolve`.
    let caseName: String
    /// The system measured.
    let system: BenchSystem
    /// The median nanoseconds per operation.
    let nsPerOp: Double
}

/// Nanoseconds in a duration.
func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// The median of `values` (the mean of the two middle values for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// One system's entry in a case: how many operations one run does and how to time one run (setup and
/// teardown, if any, happen inside `timeOneRun` but outside the duration it returns).
struct Contender {
    let system: BenchSystem
    let operations: Int
    let timeOneRun: () -> Duration

    /// A loop of operations: `body(n)` runs `n` operations itself, so no closure call sits between two
    /// operations. The count is calibrated now so that one run lasts about ``BenchConfig/targetRunTime``.
    static func loop(_ system: BenchSystem, _ config: BenchConfig, _ body: @escaping (Int) -> Void) -> Contender {
        let operations = calibrate(config, body)
        return Contender(system: system, operations: operations) {
            let start = ContinuousClock.now
            body(operations)
            return start.duration(to: .now)
        }
    }

    /// A fixed number of operations done by `run`, after an untimed `setup`. After the clock stopped,
    /// `teardown` runs and what `setup` and `run` returned is released, so teardown is never timed.
    static func fixed<State, Output>(
        _ system: BenchSystem, operations: Int, setup: @escaping () -> State,
        run: @escaping (State) -> Output,
        teardown: @escaping (State) -> Void = { _ in }
    ) -> Contender {
        Contender(system: system, operations: operations) {
            let state = setup()
            let start = ContinuousClock.now
            let output = run(state)
            let elapsed = start.duration(to: .now)
            teardown(state)
            withExtendedLifetime((state, output)) {}
            return elapsed
        }
    }

    /// `body(threadIndex, iterations)` on `threads` dedicated threads started together; one operation is one
    /// iteration of one thread, so the result is the aggregate cost (wall time / total operations). The
    /// iteration count per thread is calibrated on one thread (`body(0, n)`).
    static func threads(
        _ system: BenchSystem, _ config: BenchConfig, threads: Int,
        _ body: @escaping @Sendable (_ threadIndex: Int, _ iterations: Int) -> Void
    ) -> Contender {
        let iterations = calibrate(config) { body(0, $0) }
        return Contender(system: system, operations: threads * iterations) {
            runOnThreads(threads, iterationsPerThread: iterations, body)
        }
    }
}

/// The async counterpart of ``Contender`` (setup and teardown inside `timeOneRun`, outside its duration).
struct AsyncContender {
    let system: BenchSystem
    let operations: Int
    let timeOneRun: () async -> Duration

    /// A fixed number of operations done by `run`, after an untimed `setup` and before an untimed `teardown`.
    static func fixed<State>(
        _ system: BenchSystem, operations: Int, setup: @escaping () async -> State,
        run: @escaping (State) async -> Void,
        teardown: @escaping (State) async -> Void
    ) -> AsyncContender {
        AsyncContender(system: system, operations: operations) {
            let state = await setup()
            let start = ContinuousClock.now
            await run(state)
            let elapsed = start.duration(to: .now)
            await teardown(state)
            return elapsed
        }
    }
}

/// Measures every contender of one case: the warm-ups, then the timed repetitions interleaved (repetition
/// 1 of every system, then repetition 2, …) so that a load change on the machine hits every system alike.
/// Returns each system's median ns per operation.
func measure(_ config: BenchConfig, caseName: String, _ contenders: [Contender]) -> [BenchResult] {
    for contender in contenders {
        for _ in 0..<config.warmups { _ = contender.timeOneRun() }
    }
    var samples = Array(repeating: [Double](), count: contenders.count)
    for _ in 0..<config.repetitions {
        for (index, contender) in contenders.enumerated() {
            samples[index].append(nanoseconds(contender.timeOneRun()) / Double(contender.operations))
        }
    }
    return zip(contenders, samples).map { contender, samples in
        BenchResult(caseName: caseName, system: contender.system, nsPerOp: median(samples))
    }
}

/// The async counterpart of ``measure(_:caseName:_:)``.
func measure(_ config: BenchConfig, caseName: String, _ contenders: [AsyncContender]) async -> [BenchResult] {
    for contender in contenders {
        for _ in 0..<config.warmups { _ = await contender.timeOneRun() }
    }
    var samples = Array(repeating: [Double](), count: contenders.count)
    for _ in 0..<config.repetitions {
        for (index, contender) in contenders.enumerated() {
            samples[index].append(nanoseconds(await contender.timeOneRun()) / Double(contender.operations))
        }
    }
    return zip(contenders, samples).map { contender, samples in
        BenchResult(caseName: caseName, system: contender.system, nsPerOp: median(samples))
    }
}

/// The operation count for which one run of `body` lasts about ``BenchConfig/targetRunTime`` (at least 1):
/// tries 1,000, 10,000, … operations until a run lasts a measurable time, then scales.
func calibrate(_ config: BenchConfig, _ body: (Int) -> Void) -> Int {
    var operations = 1_000
    while true {
        let start = ContinuousClock.now
        body(operations)
        let elapsed = nanoseconds(start.duration(to: .now))
        if elapsed >= 2_000_000 || operations >= 100_000_000 {
            let target = nanoseconds(config.targetRunTime)
            return max(1, Int(Double(operations) * target / max(elapsed, 1)))
        }
        operations *= 10
    }
}

/// Starts (and joins) one thread, so that the whole run measures a multi-threaded process, as every real app
/// is. Until a process has started its first thread, glibc takes `pthread_mutex` locks without atomic
/// instructions, which makes lock-based code look much faster on the first cases than later in the run.
func makeProcessMultiThreaded() {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread { done.signal() }
    thread.start()
    done.wait()
}

/// Deletes every app of `registry` (untimed teardown), waiting on this thread. A configured app and its
/// registry keep each other alive until the app is deleted, so a benchmark that dropped the registry would
/// leak every run's apps and make later runs work in fresh, uncached memory.
func deleteAllApps(of registry: AppRegistry) {
    let done = DispatchSemaphore(value: 0)
    let apps = Array(registry.allApps.values)
    Task.detached {
        for app in apps { await app.delete() }
        done.signal()
    }
    done.wait()
}

/// The start line and finish line shared by the threads of one ``runOnThreads`` run. Threads block on
/// semaphores (no spinning): each signals `arrived`, then sleeps on `go` until every thread is ready.
private final class StartLine: Sendable {
    let arrived = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
}

/// One timed multi-thread run: the wall time from the start signal until every thread finished.
private func runOnThreads(
    _ threads: Int, iterationsPerThread: Int,
    _ body: @escaping @Sendable (Int, Int) -> Void
) -> Duration {
    let line = StartLine()
    for index in 0..<threads {
        let thread = Thread {
            line.arrived.signal()
            line.go.wait()
            body(index, iterationsPerThread)
            line.finished.signal()
        }
        thread.start()
    }
    for _ in 0..<threads { line.arrived.wait() }
    let start = ContinuousClock.now
    for _ in 0..<threads { line.go.signal() }
    for _ in 0..<threads { line.finished.wait() }
    return start.duration(to: .now)
}
