// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The case names in output order.
let caseOrder = [
    "cached_resolve", "fresh_instance", "configure_100", "configure_1000", "configure_10000",
    "cached_resolve_1_thread", "cached_resolve_2_threads", "cached_resolve_2_threads_same", "eager_100",
    "stream_1_subscriber", "stream_1000_subscribers", "firestore_write_10000_docs", "firestore_write_100000_docs",
    "database_event_fanout_1_subscriber", "database_event_fanout_1000_subscribers", "database_write_10000_children",
    "database_write_100000_children", "storage_upload_256MiB", "sync_collection_10000", "sync_collection_100000",
    "sync_database_collection_10000", "sync_database_collection_100000",
]

/// One JSON object per result: `{"case": "...", "system": "...", "ns_per_op": <number>}`.
func jsonLines(_ results: [BenchResult]) -> [String] {
    results.map { result in
        let value = (result.nsPerOp * 100).rounded() / 100
        return "{\"case\": \"\(result.caseName)\", \"system\": \"\(result.system.rawValue)\", \"ns_per_op\": \(value)}"
    }
}

/// The human table: ns per operation for every (case, system), with each system's ratio to Flint
/// (`3.20x` = 3.2 times Flint's cost; below 1 the system is faster than Flint).
func humanTable(_ results: [BenchResult]) -> String {
    let systems = BenchSystem.allCases.filter { system in results.contains { $0.system == system } }
    let cases = caseOrder.filter { name in results.contains { $0.caseName == name } }
    var rows: [[String]] = [["case (ns/op)"] + systems.map(\.rawValue)]
    for name in cases {
        let flint = results.first { $0.caseName == name && $0.system == .flint }?.nsPerOp
        var row = [name]
        for system in systems {
            guard let value = results.first(where: { $0.caseName == name && $0.system == system })?.nsPerOp else {
                row.append("n/a")
                continue
            }
            if system == .flint || flint == nil {
                row.append(formatNanoseconds(value))
            } else {
                row.append("\(formatNanoseconds(value)) (\(String(format: "%.2f", value / flint!))x)")
            }
        }
        rows.append(row)
    }
    let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
        let cells = row.enumerated().map { column, cell in
            column == 0
                ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[column] - cell.count) + cell
        }
        lines.append("| " + cells.joined(separator: " | ") + " |")
        if index == 0 {
            lines.append(
                "|"
                    + widths.enumerated().map { column, width in
                        column == 0
                            ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
                    }.joined(separator: "|") + "|")
        }
    }
    return lines.joined(separator: "\n")
}

/// `value` ns with a precision that suits its size.
func formatNanoseconds(_ value: Double) -> String {
    if value < 100 { return String(format: "%.1f", value) }
    if value < 10_000 { return String(format: "%.0f", value) }
    // Large values (whole configures): group thousands.
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 0
    return formatter.string(from: NSNumber(value: value.rounded())) ?? String(format: "%.0f", value)
}

/// The issue's performance targets, evaluated on one run's results (those measured). Reported, never asserted.
func targetReport(_ results: [BenchResult], memory: [MemoryResult] = []) -> [String] {
    func ns(_ caseName: String, _ system: BenchSystem) -> Double? {
        results.first { $0.caseName == caseName && $0.system == system }?.nsPerOp
    }
    var lines: [String] = []
    func check(_ description: String, _ measured: Double?, _ format: String, _ passes: (Double) -> Bool) {
        guard let measured else { return }  // not measured in this run (see --filter)
        let verdict = passes(measured) ? "[ok]  " : "[MISS]"
        lines.append("  \(verdict) \(description): \(String(format: format, measured))")
    }
    func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
        guard let numerator, let denominator, denominator > 0 else { return nil }
        return numerator / denominator
    }
    // The cached-resolve target: a resolve that returns a strong reference cannot cost less than one retain and
    // one release (baseline-retain, the reference-count floor), so the lookup is judged by what it adds to that
    // floor, and the whole resolve against the locked dictionary.
    check(
        "cached resolve: Flint <= baseline-retain + 1.5 ns",
        ns("cached_resolve", .flint).flatMap { flint in ns("cached_resolve", .baselineRetain).map { flint - $0 } },
        "Flint = baseline-retain %+.1f ns"
    ) { $0 <= 1.5 }
    check(
        "cached resolve: Flint <= 0.25 x baseline-dict",
        ratio(ns("cached_resolve", .flint), ns("cached_resolve", .baselineDict)),
        "Flint = %.2f x baseline-dict"
    ) { $0 <= 0.25 }
    if let floor = ns("cached_resolve", .baselineRetain), let dictionary = ns("cached_resolve", .baselineDict) {
        lines.append(
            "  [info] reference-count floor (retain + release, no lookup): "
                + "\(String(format: "%.1f", floor)) ns = \(String(format: "%.2f", floor / dictionary)) x baseline-dict")
    }
    check(
        "cached resolve: Flint >= 15x faster than Swinject",
        ratio(ns("cached_resolve", .swinject), ns("cached_resolve", .flint)), "%.1fx faster"
    ) { $0 >= 15 }
    check(
        "cached resolve: Flint >= 10x faster than swift-dependencies",
        ratio(ns("cached_resolve", .swiftDependencies), ns("cached_resolve", .flint)), "%.1fx faster"
    ) { $0 >= 10 }
    check(
        "fresh instance: Flint >= 15x faster than Swinject",
        ratio(ns("fresh_instance", .swinject), ns("fresh_instance", .flint)), "%.1fx faster"
    ) { $0 >= 15 }
    check(
        "2 threads (own services): aggregate throughput >= 1.6 x single thread",
        ratio(ns("cached_resolve_1_thread", .flint), ns("cached_resolve_2_threads", .flint)), "%.2f x"
    ) { $0 >= 1.6 }
    if let same = ratio(ns("cached_resolve_1_thread", .flint), ns("cached_resolve_2_threads_same", .flint)) {
        // Not a target: both threads retain and release the one instance, so its reference count's cache line
        // moves between the cores on every resolve, in every system.
        lines.append(
            "  [info] 2 threads on the same service (not a target): aggregate throughput "
                + "\(String(format: "%.2f", same)) x single thread")
    }
    if let single = ns("cached_resolve_1_thread", .baselineProperty),
        let double = ns("cached_resolve_2_threads", .baselineProperty)
    {
        let scaling = single / double
        let verdict =
            scaling >= 1.8
            ? "both cores were free" : "the 2-thread results above are not meaningful: another process had a core"
        lines.append(
            "  [info] machine check: baseline-property scales \(String(format: "%.2f", scaling)) x on 2 threads (ideal 2): \(verdict)"
        )
    }
    check("configure 10,000: <= 10 ms", ns("configure_10000", .flint).map { $0 / 1e6 }, "%.2f ms") { $0 <= 10 }
    check(
        "configure 10,000: Flint <= 0.5 x baseline-dict",
        ratio(ns("configure_10000", .flint), ns("configure_10000", .baselineDict)), "Flint = %.2f x baseline-dict"
    ) { $0 <= 0.5 }
    check(
        "configure 10,000: <= 12 x configure 1,000",
        ratio(ns("configure_10000", .flint), ns("configure_1000", .flint)), "%.2f x"
    ) { $0 <= 12 }
    check(
        "stream, 1 subscriber: >= 0.8 x bare AsyncStream events/s",
        ratio(ns("stream_1_subscriber", .baselineAsyncStream), ns("stream_1_subscriber", .flint)), "%.2f x"
    ) { $0 >= 0.8 }
    check(
        "stream, 1,000 subscribers: >= 0.8 x bare AsyncStream events/s",
        ratio(ns("stream_1000_subscribers", .baselineAsyncStream), ns("stream_1000_subscribers", .flint)),
        "%.2f x"
    ) { $0 >= 0.8 }
    check(
        "stream: per-subscriber cost at 1,000 subscribers <= 1.5 x at 1",
        ratio(ns("stream_1000_subscribers", .flint), ns("stream_1_subscriber", .flint)), "%.2f x"
    ) { $0 <= 1.5 }
    check(
        "firestore: one write with 100 listening queries, 100,000 docs <= 1.5 x 10,000 docs",
        ratio(ns("firestore_write_100000_docs", .flint), ns("firestore_write_10000_docs", .flint)), "%.2f x"
    ) { $0 <= 1.5 }
    check(
        "database: per-subscriber cost of one write's event at 1,000 events() subscribers <= 1.5 x at 1",
        ratio(ns("database_event_fanout_1000_subscribers", .flint), ns("database_event_fanout_1_subscriber", .flint)),
        "%.2f x"
    ) { $0 <= 1.5 }
    check(
        "database: one write with 100 listening queries, 100,000 children <= 1.5 x 10,000 children",
        ratio(ns("database_write_100000_children", .flint), ns("database_write_10000_children", .flint)),
        "%.2f x"
    ) { $0 <= 1.5 }
    check(
        "storage: embedded upload throughput >= 0.5 x a plain file copy",
        ratio(ns("storage_upload_256MiB", .baselineFileCopy), ns("storage_upload_256MiB", .flint)), "%.2f x"
    ) { $0 >= 0.5 }
    for result in memory {
        check("storage: \(result.caseName) <= 64 MiB", result.mebibytes, "%.1f MiB") { $0 <= 64 }
    }
    check(
        "sync: one remote change into a persisted CollectionSyncEngine, 100,000 docs <= 1.5 x 10,000 docs",
        ratio(ns("sync_collection_100000", .flint), ns("sync_collection_10000", .flint)), "%.2f x"
    ) { $0 <= 1.5 }
    check(
        "sync: one Realtime Database change into a persisted CollectionSyncEngine, 100,000 children <= 1.5 x 10,000",
        ratio(ns("sync_database_collection_100000", .flint), ns("sync_database_collection_10000", .flint)),
        "%.2f x"
    ) { $0 <= 1.5 }
    return lines
}

/// One JSON object per memory figure: `{"case": "...", "system": "flint", "mib": <number>}`.
func jsonLines(_ memory: [MemoryResult]) -> [String] {
    memory.map {
        "{\"case\": \"\($0.caseName)\", \"system\": \"flint\", \"mib\": \(($0.mebibytes * 10).rounded() / 10)}"
    }
}
