// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintStorage
import Foundation

/// Issue 13's Storage cases, reported not asserted.
///
/// - `storage_upload_256MiB`: `putFileAsync(from:)` of a 256 MiB file (32 MiB with `--quick`) into a
///   directory-backed `LocalStorageBackend` (the embedded backend: read in 1 MiB chunks, MD5 and written to the
///   session file, then moved into place), in ns per MiB; `baseline-file-copy` copies the same file with
///   `FileManager.copyItem` in the same run. Target: Flint's throughput ≥ 0.5 × the copy's (its ns per MiB
///   ≤ 2 × the copy's).
/// - Memory: the peak resident set size growth while uploading a 1 GiB file (64 MiB with `--quick`) and while
///   downloading it back with `write(toFile:)`. Target: at most 64 MiB each. On Linux the peak is reset before
///   each transfer (`/proc/self/clear_refs`) and read from `VmHWM`; elsewhere it is `getrusage`'s maximum, whose
///   growth only shows when the transfer passes the process's earlier peak.
func runStorageCases(_ config: BenchConfig, progress: (String) -> Void) async -> (
    results: [BenchResult], memory: [MemoryResult]
) {
    var results: [BenchResult] = []
    var memory: [MemoryResult] = []
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flint-bench-storage-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let registry = AppRegistry()
        try registry.register(StorageLibrary.self)
        var options = FlintOptions(googleAppID: "1:1234567890:ios:0123456789abcdef", gcmSenderID: "1234567890")
        options.projectID = "bench"
        options.storageBucket = "bench.appspot.com"
        let backend = try LocalStorageBackend(directory: folder.appendingPathComponent("backend"))
        let app = try registry.configure(
            name: "storage-bench", options: options,
            overrides: [.instance(backend, as: StorageBackend.self)])
        let storage = try Storage.storage(app: app)

        progress("storage_upload_256MiB")
        let mebibytes = config.scaled(256, quick: 32)
        let source = folder.appendingPathComponent("source.bin")
        try writeFile(at: source, mebibytes: mebibytes)
        var flintSamples: [Double] = []
        var copySamples: [Double] = []
        for round in 0..<(config.warmups + config.repetitions) {
            let reference = storage.reference(withPath: "bench/upload-\(round).bin")
            let uploadStart = ContinuousClock.now
            _ = try await reference.putFileAsync(from: source)
            let upload = nanoseconds(uploadStart.duration(to: .now))
            try await reference.delete()
            let copy = folder.appendingPathComponent("copy-\(round).bin")
            let copyStart = ContinuousClock.now
            try FileManager.default.copyItem(at: source, to: copy)
            let copied = nanoseconds(copyStart.duration(to: .now))
            try FileManager.default.removeItem(at: copy)
            if round >= config.warmups {
                flintSamples.append(upload / Double(mebibytes))
                copySamples.append(copied / Double(mebibytes))
            }
        }
        try FileManager.default.removeItem(at: source)
        results.append(BenchResult(caseName: "storage_upload_256MiB", system: .flint, nsPerOp: median(flintSamples)))
        results.append(
            BenchResult(
                caseName: "storage_upload_256MiB", system: .baselineFileCopy,
                nsPerOp: median(copySamples)))

        progress("storage_1GiB_peak_rss")
        let big = folder.appendingPathComponent("big.bin")
        let bigMebibytes = config.scaled(1024, quick: 64)
        try writeFile(at: big, mebibytes: bigMebibytes)
        let reference = storage.reference(withPath: "bench/big.bin")
        let uploadGrowth = try await peakResidentGrowth { _ = try await reference.putFileAsync(from: big) }
        try FileManager.default.removeItem(at: big)
        let downloaded = folder.appendingPathComponent("downloaded.bin")
        let downloadGrowth = try await peakResidentGrowth { _ = try await reference.writeAsync(toFile: downloaded) }
        let size = (try FileManager.default.attributesOfItem(atPath: downloaded.path)[.size] as? NSNumber)?.intValue
        guard size == bigMebibytes << 20 else {
            throw BenchFailure("the download wrote \(size ?? -1) bytes, expected \(bigMebibytes << 20)")
        }
        let label = bigMebibytes == 1024 ? "1GiB" : "\(bigMebibytes)MiB"
        memory.append(
            MemoryResult(
                caseName: "storage_upload_\(label)_peak_rss_growth", mebibytes: uploadGrowth.growth,
                peakMebibytes: uploadGrowth.peak))
        memory.append(
            MemoryResult(
                caseName: "storage_download_\(label)_peak_rss_growth", mebibytes: downloadGrowth.growth,
                peakMebibytes: downloadGrowth.peak))
        await app.delete()
    } catch {
        FileHandle.standardError.write(Data("flint-bench: storage cases failed: \(error)\n".utf8))
    }
    return (results, memory)
}

/// A measured memory figure (not a time).
struct MemoryResult: Sendable {
    /// The case name, e.g. `storage_upload_1GiB_peak_rss_growth`.
    let caseName: String
    /// Mebibytes.
    let mebibytes: Double
    /// The process's peak resident set size during the measurement, in MiB (context for ``mebibytes``).
    let peakMebibytes: Double
}

/// A benchmark precondition that did not hold.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes `mebibytes` MiB of non-repeating bytes to `url`, 1 MiB at a time.
private func writeFile(at url: URL, mebibytes: Int) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var generator = SystemRandomNumberGenerator()
    var chunk = [UInt64](repeating: 0, count: (1 << 20) / 8)
    for _ in 0..<mebibytes {
        for index in chunk.indices { chunk[index] = generator.next() }
        try chunk.withUnsafeBytes { try handle.write(contentsOf: Data($0)) }
    }
}

/// How far the process's peak resident set size rose above its resident size before `body`, and that peak,
/// in MiB.
private func peakResidentGrowth(_ body: () async throws -> Void) async throws -> (growth: Double, peak: Double) {
    #if os(Linux)
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)  // peak := current
        let before = procStatusKilobytes("VmRSS") ?? 0
        try await body()
        let peak = procStatusKilobytes("VmHWM") ?? 0
        return (Double(max(0, peak - before)) / 1024, Double(peak) / 1024)
    #else
        let before = maximumResidentKilobytes()
        try await body()
        let peak = maximumResidentKilobytes()
        return (Double(max(0, peak - before)) / 1024, Double(peak) / 1024)
    #endif
}

#if os(Linux)
    /// A `kB` field of `/proc/self/status`.
    private func procStatusKilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
#else
    /// `getrusage`'s maximum resident set size, in kB (macOS reports bytes).
    private func maximumResidentKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) / 1024
    }
#endif
