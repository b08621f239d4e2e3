// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintStorage
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Storage part of the tour: an upload on the embedded backend drawn as a live progress bar from
/// `progressUpdates`, paused and resumed; then the object read back. Uses its own private registry and deletes
/// its app at the end.
func storageTour() async throws {
    var narrator = Narrator()
    print("")
    print("Flint Storage: an upload with a live progress bar")

    // The demo target has its own stand-ins named Storage and StorageLibrary, hence the module prefix.
    let registry = AppRegistry()
    try registry.register(FlintStorage.StorageLibrary.self)
    let app = try registry.configure(name: "storage-tour", options: DemoOptions.standard)
    let storage = try FlintStorage.Storage.storage(app: app, url: "gs://flint-demo.appspot.com")
    storage.uploadChunkSizeBytes = FlintStorage.Storage.chunkGranularity

    narrator.section(
        "Start an upload, paused at once",
        "putData starts the task at once; pause() takes effect before the first chunk. Chunks are 256 KiB, each one progress event."
    )
    let data = Data(repeating: 0x2A, count: 4 << 20)
    let ref = storage.reference(withPath: "demo/blob.bin")
    let task = ref.putData(data)
    task.pause()
    narrator.show(
        "putData(4 MiB) then pause() → status \(task.snapshot.status), \(task.snapshot.completedUnitCount) of \(task.snapshot.totalUnitCount) bytes"
    )

    narrator.section(
        "Resume and draw progressUpdates",
        "for try await snapshot in task.progressUpdates: the bar redraws in place on a terminal and prints plain lines otherwise; halfway, pause() and resume() again."
    )
    let updates = task.progressUpdates
    task.resume()
    let bar = ProgressBar(isTerminal: isatty(STDOUT_FILENO) != 0)
    var pausedHalfway = false
    for try await snapshot in updates {
        bar.draw(snapshot.fractionCompleted, snapshot.completedUnitCount)
        if !pausedHalfway, snapshot.fractionCompleted >= 0.5 {
            pausedHalfway = true
            task.pause()
            bar.note("pause() → \(task.snapshot.status); resume()")
            task.resume()
        }
    }
    bar.finish()
    narrator.show(
        "the stream finished after success: status \(task.snapshot.status), size \(task.snapshot.metadata?.size ?? 0), md5 \(task.snapshot.metadata?.md5Hash ?? "-")"
    )

    narrator.section(
        "Read it back", "data(maxSize:) downloads in chunks too; over the limit it is downloadSizeExceeded.")
    let read = try await ref.data(maxSize: 8 << 20)
    narrator.show("data(maxSize: 8 MiB) → \(read.count) bytes, equal: \(read == data)")
    do {
        _ = try await ref.data(maxSize: 1024)
    } catch let error as StorageError {
        narrator.show("data(maxSize: 1024) → \(error.code) (\(error.code.rawValue))")
    }
    await app.delete()
}

/// A one-line progress bar: redrawn in place (carriage return) on a terminal, plain lines otherwise.
private struct ProgressBar {
    let isTerminal: Bool

    func draw(_ fraction: Double, _ bytes: Int64) {
        let width = 30
        let filled = Int((fraction * Double(width)).rounded(.down))
        let line =
            "   [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            + "] \(Int(fraction * 100))% \(bytes) bytes"
        if isTerminal {
            print("\r" + line, terminator: "")
            fflush(nil)  // every stream: naming stdout is not concurrency-safe
        } else {
            print(line)
        }
    }

    func note(_ text: String) {
        if isTerminal { print("") }
        print("       \(text)")
    }

    func finish() {
        if isTerminal { print("") }
    }
}
