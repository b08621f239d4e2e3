// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounds an exit test (`await #expect(processExitsWith: .success) { … }`) whose body may block forever in a
/// system call that no task deadline can interrupt — opening a FIFO left where a saved file is expected: a
/// thread of its own ends the (child) process with exit status 3 once `timeout` has passed, so a hang fails the
/// test instead of stopping the run. Call it first in the exit test's body; a body that finishes in time ends
/// the process before the watchdog fires. (`#expect` and `#require` in the body report to the parent test.)
///
/// ```swift
/// await #expect(processExitsWith: .success) {
///     startExitWatchdog()
///     let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
///     try makeFIFO(at: directory.appendingPathComponent(LocalStorageBackend.indexFileName))
///     let error = #expect(throws: StorageError.self) { try LocalStorageBackend(directory: directory) }
///     #expect(error?.code == .unknown)
/// }
/// ```
///
/// ``startFIFOExitTest(at:)`` does both for the common case.
public func startExitWatchdog(timeout: Duration = .seconds(10)) {
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let thread = Thread {
        // A bound, not a synchronization: nothing signals it, so the wait always lasts `timeout`.
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + seconds)
        exit(3)
    }
    thread.start()
}

/// Makes a FIFO (a named pipe) at `url`, creating its folder: what stands where a saved file is expected in the
/// tests of readers that must never block on it.
///
/// - Throws: `POSIXError` when the folder or the FIFO cannot be made.
public func makeFIFO(at url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard mkfifo(url.path, 0o600) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}

/// The start of an exit test of a reader that must never block on a FIFO: starts the watchdog
/// (``startExitWatchdog(timeout:)``), makes a new directory under the temporary directory, and a FIFO
/// (``makeFIFO(at:)``) at the URL `place` gives inside it (where the product expects its saved file).
///
/// - Returns: the directory (the child process removes it when it likes; the system's temporary directory
///   holds it otherwise) and the FIFO's URL.
/// - Throws: what `place` throws, `POSIXError` when the FIFO cannot be made.
public func startFIFOExitTest(at place: (URL) throws -> URL) throws -> (directory: URL, fifo: URL) {
    startExitWatchdog()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flint-fifo-\(UUID().uuidString)", isDirectory: true)
    let fifo = try place(directory)
    try makeFIFO(at: fifo)
    return (directory, fifo)
}
