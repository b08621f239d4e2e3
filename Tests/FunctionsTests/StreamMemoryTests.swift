// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// The memory a streaming call holds when its server writes far more than its caller reads: measured in a child
/// process (an exit test), as the growth of the peak resident set size (`VmHWM`, reset through
/// `/proc/self/clear_refs`) over the resident size before the call. The child prints the figure.
///
/// A measurement, heavy for a parallel suite (256 MiB at loopback speed): it runs when `FLINT_MEASURE_MEMORY` is set
/// (`FLINT_MEASURE_MEMORY=1 swift test --filter StreamMemoryTests`).
@Suite(
    "Functions: memory of a stream its caller does not read", .timeLimit(.minutes(3)),
    .enabled(if: ProcessInfo.processInfo.environment["FLINT_MEASURE_MEMORY"] != nil))
struct StreamMemoryTests {
    /// The most the peak may grow, in MiB: the 64 MiB of unread events (as elements), the body waiting to be
    /// parsed, the chunks in flight in URLSession and the allocator's slack; the 256 MiB sent would take more.
    static let maximumGrowth = 400

    #if os(Linux)
        @Test func aServerOutpacingTheReaderGrowsMemoryByNoMoreThanTheUnreadLimit() async throws {
            let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                startExitWatchdog(timeout: .seconds(150))
                func kilobytes(_ field: String) -> Int {
                    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
                    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
                        let value = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
                        return Int(value.first ?? "") ?? 0
                    }
                    return 0
                }
                // 1 KiB message lines, 64 per chunk, 4,096 chunks as fast as loopback carries them: 256 MiB.
                let line = #"data: {"message":""# + String(repeating: "x", count: 1000) + "\"}\n"
                let body = OversizedBody(
                    chunk: Data(String(repeating: line, count: 64).utf8), count: 4096, pause: .zero)
                try await withTestHTTPServer({ _ in body.response(headers: [:], eventStream: true) }) { server in
                    let app = try makeFunctionsApp()
                    let functions = try Functions.functions(app: app)
                    functions.useEmulator(withHost: "127.0.0.1", port: server.port)
                    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
                    let before = kilobytes("VmRSS")
                    var elements = functions.httpsCallable("gen").stream().makeAsyncIterator()
                    _ = try await elements.next()
                    _ = try await body.wasCutOff(on: server)
                    let peak = kilobytes("VmHWM")
                    let growth = (peak - before) / 1024
                    print("FLINT-PEAK-RSS-GROWTH-MIB \(growth) (from \(before / 1024) MiB to \(peak / 1024) MiB)")
                    guard before > 0, peak > 0 else { throw FunctionsError(.internal, message: "no figures") }
                    guard growth <= Self.maximumGrowth else {
                        throw FunctionsError(.internal, message: "\(growth) MiB")
                    }
                    await app.delete()
                }
            }
            let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
            let figure = output.split(separator: "\n").first { $0.hasPrefix("FLINT-PEAK-RSS-GROWTH-MIB") }
            #expect(figure != nil)
            print(figure ?? "no figure: \(output.suffix(500))")
        }
    #endif
}
