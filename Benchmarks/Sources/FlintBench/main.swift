// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// flint-bench: Flint against Swinject, swift-dependencies and hand-written baselines, in one run.
//
//   swift run -c release --package-path Benchmarks flint-bench [--quick] [--json]
//
// --quick        every case briefly (CI smoke run)
// --json         one JSON object per line on stdout: {"case": "...", "system": "...", "ns_per_op": <number>}
// --filter TEXT  only the case groups with a case name containing TEXT (e.g. `--filter configure`)
// Progress goes to stderr.

/// Prints `message` to stderr and exits with status 2.
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(
        Data("flint-bench: \(message)\nusage: flint-bench [--quick] [--json] [--filter TEXT]\n".utf8))
    exit(2)
}

var quick = false
var json = false
var filterArgument: String?
var remaining = CommandLine.arguments.dropFirst()
while let argument = remaining.popFirst() {
    switch argument {
    case "--quick": quick = true
    case "--json": json = true
    case "--filter":
        guard let text = remaining.popFirst() else { usageError("--filter needs a value") }
        filterArgument = text
    case "--help", "-h":
        print("usage: flint-bench [--quick] [--json] [--filter TEXT]")
        exit(0)
    default: usageError("unknown argument \(argument)")
    }
}

let config = BenchConfig(quick: quick, json: json)
let filter = filterArgument

/// Whether a case group with these case names runs under `--filter`.
@MainActor
func selected(_ caseNames: [String]) -> Bool {
    guard let filter else { return true }
    return caseNames.contains { $0.contains(filter) }
}

/// Writes a progress line to stderr.
func progress(_ caseName: String) {
    FileHandle.standardError.write(Data("flint-bench: \(caseName)\n".utf8))
}

/// The 1-minute load average (Linux), to warn when other processes compete for the cores.
func loadAverage() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
    return text.split(separator: " ").first.flatMap { Double($0) }
}

let loadBefore = loadAverage()
if let loadBefore, loadBefore > 0.5 {
    FileHandle.standardError.write(
        Data(
            "flint-bench: warning: load average \(loadBefore) before the run; other processes compete for the cores and the thread cases will be noisy\n"
                .utf8))
}
makeProcessMultiThreaded()
let started = ContinuousClock.now
var results: [BenchResult] = []
if selected(["cached_resolve"]) {
    results += runCachedResolveCases(config, progress: progress)
}
if selected(["fresh_instance"]) {
    results += runFreshInstanceCases(config, progress: progress)
}
if selected(["configure_100", "configure_1000", "configure_10000"]) {
    results += runConfigureCases(config, progress: progress)
}
if selected(["cached_resolve_1_thread", "cached_resolve_2_threads", "cached_resolve_2_threads_same"]) {
    results += runThreadCases(config, progress: progress)
}
if selected(["eager_100"]) {
    results += runEagerStartCases(config, progress: progress)
}
if selected(["stream_1_subscriber", "stream_1000_subscribers"]) {
    results += await runStreamCases(config, progress: progress)
}
if selected(["firestore_write_10000_docs", "firestore_write_100000_docs"]) {
    results += await runFirestoreCases(config, progress: progress)
}
if selected([
    "database_event_fanout_1_subscriber", "database_event_fanout_1000_subscribers",
    "database_write_10000_children", "database_write_100000_children",
]) {
    results += await runDatabaseCases(config, progress: progress)
}
if selected([
    "sync_collection_10000", "sync_collection_100000", "sync_database_collection_10000",
    "sync_database_collection_100000",
]) {
    results += await runSyncCases(config, progress: progress)
}
var memory: [MemoryResult] = []
if selected(["storage_upload_256MiB", "storage_1GiB_peak_rss"]) {
    let storage = await runStorageCases(config, progress: progress)
    results += storage.results
    memory += storage.memory
}
let elapsed = started.duration(to: .now)

let mode = config.quick ? "quick" : "full"
let loadNote = loadBefore.map { String(format: "; load average before: %.2f", $0) } ?? ""
let header =
    "flint-bench (\(mode): \(config.warmups) warm-up, median of \(config.repetitions) repetitions; "
    + "\(ProcessInfo.processInfo.activeProcessorCount) cores\(loadNote); \(String(format: "%.1f", nanoseconds(elapsed) / 1e9)) s)"
if config.json {
    for line in jsonLines(results) + jsonLines(memory) { print(line) }
    FileHandle.standardError.write(
        Data(
            (["\(header)", "targets:"] + targetReport(results, memory: memory)).joined(separator: "\n").utf8
                + Data("\n".utf8)))
} else {
    print(header)
    print()
    print(humanTable(results))
    print()
    print("Ratios are each system's ns/op divided by Flint's (above 1: slower than Flint). n/a: not applicable.")
    if !memory.isEmpty {
        print()
        print("memory (peak resident set growth during the transfer; the process's peak in parentheses):")
        for result in memory {
            print(
                "  \(result.caseName): "
                    + String(format: "%.2f MiB (peak %.1f MiB)", result.mebibytes, result.peakMebibytes))
        }
    }
    print()
    print("targets:")
    for line in targetReport(results, memory: memory) { print(line) }
}
