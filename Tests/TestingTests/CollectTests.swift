// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite struct CollectTests {
    @Test func returnsTheFirstNValues() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        for value in 1...5 { continuation.yield(value) }
        #expect(try await collect(3, from: stream) == [1, 2, 3])
        continuation.finish()
    }

    @Test func waitsForValuesSentLaterByAnotherTask() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let producer = Task {
            continuation.yield("a")
            await Task.yield()
            continuation.yield("b")
        }
        #expect(try await collect(2, from: stream) == ["a", "b"])
        await producer.value
        continuation.finish()
    }

    @Test func timesOutNamingHowManyValuesArrived() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.yield(1)
        continuation.yield(2)
        await #expect(throws: TestTimeoutError.valuesNotReceived(expected: 3, received: 2, timeout: .milliseconds(100)))
        {
            try await collect(3, from: stream, timeout: .milliseconds(100))
        }
        continuation.finish()
    }

    @Test func throwsWhenTheSequenceFinishesEarly() async throws {
        let stream = AsyncStream<Int> { continuation in
            continuation.yield(7)
            continuation.finish()
        }
        await #expect(throws: StreamFinishedEarlyError(expected: 3, received: 1)) {
            try await collect(3, from: stream)
        }
    }

    @Test func rethrowsTheSequencesError() async throws {
        let stream = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: FakeError("listener failed"))
        }
        await #expect(throws: FakeError("listener failed")) {
            try await collect(2, from: stream)
        }
    }

    @Test func zeroValuesReturnsAtOnce() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        #expect(try await collect(0, from: stream, timeout: .zero) == [])
        continuation.finish()
    }

    @Test func removesTheListenerAfterCollecting() async throws {
        let spy = SpyListenerRegistration()
        let values = try await collect(
            2,
            from: AsyncStream<Int>.listening { yield in
                yield(1)
                yield(2)
                yield(3)
                return spy
            })
        #expect(values == [1, 2])
        try await spy.waitForRemoval()
        #expect(spy.removeCount == 1)
    }

    @Test func removesTheListenerAfterATimeout() async throws {
        let spy = SpyListenerRegistration()
        await #expect(throws: TestTimeoutError.valuesNotReceived(expected: 1, received: 0, timeout: .milliseconds(50)))
        {
            try await collect(1, from: AsyncStream<Int>.listening { _ in spy }, timeout: .milliseconds(50))
        }
        try await spy.waitForRemoval()
        #expect(spy.removeCount == 1)
    }

    @Test func firstReturnsTheFirstValue() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.yield(10)
        continuation.yield(20)
        #expect(try await first(of: stream) == 10)
        continuation.finish()
    }

    @Test func firstTimesOutWhenNothingArrives() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        await #expect(throws: TestTimeoutError.valuesNotReceived(expected: 1, received: 0, timeout: .milliseconds(50)))
        {
            try await first(of: stream, timeout: .milliseconds(50))
        }
        continuation.finish()
    }

    @Test func firstThrowsWhenTheSequenceIsEmpty() async throws {
        let stream = AsyncStream<Int> { $0.finish() }
        await #expect(throws: StreamFinishedEarlyError(expected: 1, received: 0)) {
            try await first(of: stream)
        }
    }

    @Test func cancellationOfTheCallerStopsCollecting() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await collect(1, from: stream, timeout: .seconds(60)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await value(of: task) }
        continuation.finish()
    }

    @Test func collectsARegistrysAppEvents() async throws {
        let registry = AppRegistry()
        let events = registry.events
        let app = try registry.configure(name: "events", options: .testing)
        await app.delete()
        let collected = try await collect(2, from: events)
        #expect(collected.map(\.appName) == ["events", "events"])
        guard case .configured(let configured) = collected[0], case .deleted = collected[1] else {
            Issue.record("unexpected events \(collected)")
            return
        }
        #expect(configured === app)
    }
}
