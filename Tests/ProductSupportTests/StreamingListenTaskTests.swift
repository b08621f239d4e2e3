// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

/// ``StreamingListenTask``: a reconnecting listen's task runs once, removal cancels it and refuses later
/// connections, and an end is reported once.
@Suite("StreamingListenTask: a reconnecting listen's lifecycle")
struct StreamingListenTaskTests {
    private static let failures = StreamingDataTask.Failures(
        notHTTP: { CancellationError() }, cancelled: { CancellationError() }, beforeHead: { _ in CancellationError() },
        midBody: { _ in CancellationError() })

    @Test func startRunsItsBodyOnceInATaskThatRemoveCancels() async throws {
        let listen = StreamingListenTask()
        let runs = Locked(0)
        let (cancelled, cancelledContinuation) = AsyncStream.makeStream(of: Void.self)
        listen.start {
            runs.withLock { $0 += 1 }
            while !Task.isCancelled { await Task.yield() }
            cancelledContinuation.yield()
        }
        listen.start { runs.withLock { $0 += 1 } }
        listen.remove()
        _ = try await collect(1, from: cancelled)
        #expect(runs.withLock { $0 } == 1)
        #expect(listen.isRemoved)
    }

    @Test func nothingStartsOrOpensAfterRemove() {
        let listen = StreamingListenTask()
        let connection = StreamingDataTask(failures: Self.failures)
        #expect(listen.open(connection))
        listen.remove()
        let ran = Locked(false)
        listen.start { ran.withLock { $0 = true } }
        #expect(!listen.open(StreamingDataTask(failures: Self.failures)))
        #expect(!ran.withLock { $0 })
    }

    @Test func anEndIsReportedOnceAndNotAfterRemove() {
        let ended = StreamingListenTask()
        #expect(ended.end())
        #expect(!ended.end())
        #expect(ended.isRemoved)
        let removed = StreamingListenTask()
        removed.remove()
        #expect(!removed.end())
    }
}
