// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite(.timeLimit(.minutes(3)))
struct StreamBridgeTests {
    @Test func registersOneListenerImmediately() {
        let broadcaster = ListenerBroadcaster<Int>()
        let calls = StreamTestCounter()
        let stream = AsyncStream<Int>.listening { yield in
            calls.increment()
            return broadcaster.addListener(yield)
        }
        #expect(calls.value == 1)
        #expect(broadcaster.listenerCount == 1)
        _ = stream
    }

    @Test func everyStreamGetsItsOwnListenerAndEveryValue() async {
        let broadcaster = ListenerBroadcaster<Int>()
        let first = AsyncStream<Int>.listening { broadcaster.addListener($0) }
        let second = AsyncStream<Int>.listening { broadcaster.addListener($0) }
        #expect(broadcaster.listenerCount == 2)
        broadcaster.send(7)
        var firstIterator = first.makeAsyncIterator()
        var secondIterator = second.makeAsyncIterator()
        #expect(await firstIterator.next() == 7)
        #expect(await secondIterator.next() == 7)
    }

    @Test func valuesArriveInOrder() async throws {
        let broadcaster = ListenerBroadcaster<Int>()
        let spy = StreamSpyRegistration()
        let consumer = Task {
            var received: [Int] = []
            let stream = AsyncStream<Int>.listening { spy.wrapping(broadcaster.addListener($0)) }
            for await value in stream {
                received.append(value)
                if received.count == 100 { break }
            }
            return received
        }
        #expect(await spy.registered.wait())
        for value in 1...100 { broadcaster.send(value) }
        #expect(try await value(of: consumer, timeout: defaultTestTimeout) == Array(1...100))
    }

    @Test func valuesSentFromManyTasksAllArrive() async throws {
        let broadcaster = ListenerBroadcaster<Int>()
        let stream = AsyncStream<Int>.listening { broadcaster.addListener($0) }
        let consumer = Task {
            var received: [Int] = []
            for await value in stream {
                received.append(value)
                if received.count == 800 { break }
            }
            return received
        }
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<8 {
                group.addTask {
                    for index in 0..<100 { broadcaster.send(sender * 100 + index) }
                }
            }
        }
        let received = try await value(of: consumer, timeout: defaultTestTimeout)
        #expect(received.sorted() == Array(0..<800))
        // Each sender's own values keep their order.
        for sender in 0..<8 {
            let mine = received.filter { $0 / 100 == sender }
            #expect(mine == mine.sorted())
        }
    }

    @Test func unboundedBufferKeepsEveryValueSentBeforeIteration() async {
        let broadcaster = ListenerBroadcaster<Int>()
        let stream = AsyncStream<Int>.listening { broadcaster.addListener($0) }
        for value in 1...5 { broadcaster.send(value) }
        var iterator = stream.makeAsyncIterator()
        var received: [Int] = []
        for _ in 1...5 { received.append(await iterator.next() ?? -1) }
        #expect(received == [1, 2, 3, 4, 5])
    }

    @Test func bufferingNewestOneKeepsOnlyTheNewestValue() async {
        let broadcaster = ListenerBroadcaster<Int>()
        let stream = AsyncStream<Int>.listening(bufferingPolicy: .bufferingNewest(1)) {
            broadcaster.addListener($0)
        }
        broadcaster.send(1)
        broadcaster.send(2)
        broadcaster.send(3)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == 3)
        broadcaster.send(4)
        #expect(await iterator.next() == 4)
    }

    @Test func cancellingTheConsumingTaskRemovesTheRegistration() async throws {
        let broadcaster = ListenerBroadcaster<Int>()
        let spy = StreamSpyRegistration()
        let stream = AsyncStream<Int>.listening { spy.wrapping(broadcaster.addListener($0)) }
        let received = StreamTestSignal()
        let consumer = Task {
            for await _ in stream { received.fire() }
        }
        broadcaster.send(1)
        #expect(await received.wait())  // the consumer is iterating
        #expect(spy.removeCount == 0)
        consumer.cancel()
        #expect(await spy.removed.wait())
        #expect(spy.removeCount == 1)
        #expect(broadcaster.listenerCount == 0)
        try await value(of: consumer, timeout: defaultTestTimeout)  // the loop ended
    }

    @Test func cancellingTheTaskBeforeItIteratesRemovesTheRegistration() async throws {
        let broadcaster = ListenerBroadcaster<Int>()
        let spy = StreamSpyRegistration()
        let stream = AsyncStream<Int>.listening { spy.wrapping(broadcaster.addListener($0)) }
        let consumer = Task {
            for await _ in stream {}
        }
        consumer.cancel()
        #expect(await spy.removed.wait())
        #expect(spy.removeCount == 1)
        #expect(broadcaster.listenerCount == 0)
        try await value(of: consumer, timeout: defaultTestTimeout)
    }

    @Test func breakingOutOfTheLoopRemovesTheRegistration() async throws {
        let broadcaster = ListenerBroadcaster<Int>()
        let spy = StreamSpyRegistration()
        let consumer = Task {
            var received: [Int] = []
            for await value in AsyncStream<Int>.listening({ spy.wrapping(broadcaster.addListener($0)) }) {
                received.append(value)
                if value == 2 { break }
            }
            return received
        }
        #expect(await spy.registered.wait())
        broadcaster.send(1)
        broadcaster.send(2)
        #expect(try await value(of: consumer, timeout: defaultTestTimeout) == [1, 2])
        #expect(await spy.removed.wait())
        #expect(spy.removeCount == 1)
        #expect(broadcaster.listenerCount == 0)
    }

    @Test func droppingTheStreamWithoutIteratingRemovesTheRegistration() async {
        let broadcaster = ListenerBroadcaster<Int>()
        let spy = StreamSpyRegistration()
        do {
            let stream = AsyncStream<Int>.listening { spy.wrapping(broadcaster.addListener($0)) }
            #expect(broadcaster.listenerCount == 1)
            _ = stream
        }
        #expect(await spy.removed.wait())
        #expect(spy.removeCount == 1)
        #expect(broadcaster.listenerCount == 0)
    }

    @Test func throwingStreamYieldsValuesThenThrowsTheListenersError() async throws {
        let broadcaster = ListenerBroadcaster<Result<Int, any Error>>()
        let stream = AsyncThrowingStream<Int, any Error>.listening { broadcaster.addListener($0) }
        broadcaster.send(.success(1))
        broadcaster.send(.success(2))
        broadcaster.send(.failure(StreamTestError.boom))
        broadcaster.send(.success(3))  // after the error: ignored
        let consumer = Task { () -> ([Int], (any Error)?) in
            var received: [Int] = []
            do {
                for try await value in stream { received.append(value) }
            } catch {
                return (received, error)
            }
            return (received, nil)
        }
        let (received, thrown) = try await value(of: consumer)
        #expect(received == [1, 2])
        #expect(thrown as? StreamTestError == .boom)
    }

    @Test func throwingStreamErrorRemovesTheRegistration() async {
        let broadcaster = ListenerBroadcaster<Result<Int, any Error>>()
        let spy = StreamSpyRegistration()
        let stream = AsyncThrowingStream<Int, any Error>.listening { spy.wrapping(broadcaster.addListener($0)) }
        broadcaster.send(.failure(StreamTestError.boom))
        #expect(await spy.removed.wait())
        #expect(spy.removeCount == 1)
        #expect(broadcaster.listenerCount == 0)
        await #expect(throws: StreamTestError.boom) {
            try await value(of: Task { for try await _ in stream {} })
        }
    }

    @Test func errorEmittedWhileRegisteringStillRemovesTheRegistration() async {
        let spy = StreamSpyRegistration()
        let stream = AsyncThrowingStream<Int, any Error>.listening { emit in
            emit(.failure(StreamTestError.boom))
            return spy
        }
        #expect(spy.removeCount == 1)
        await #expect(throws: StreamTestError.boom) {
            try await value(of: Task { for try await _ in stream {} })
        }
    }

    @Test func cancellingAThrowingStreamsTaskRemovesTheRegistration() async throws {
        let broadcaster = ListenerBroadcaster<Result<Int, any Error>>()
        let spy = StreamSpyRegistration()
        let stream = AsyncThrowingStream<Int, any Error>.listening { spy.wrapping(broadcaster.addListener($0)) }
        let received = StreamTestSignal()
        let consumer = Task {
            do {
                for try await _ in stream { received.fire() }
            } catch {}
        }
        broadcaster.send(.success(1))
        #expect(await received.wait())
        consumer.cancel()
        #expect(await spy.removed.wait())
        #expect(spy.removeCount == 1)
        #expect(broadcaster.listenerCount == 0)
        try await value(of: consumer, timeout: defaultTestTimeout)
    }

    @Test func throwingStreamBufferingNewestOneKeepsOnlyTheNewestValue() async throws {
        let broadcaster = ListenerBroadcaster<Result<Int, any Error>>()
        let stream = AsyncThrowingStream<Int, any Error>.listening(bufferingPolicy: .bufferingNewest(1)) {
            broadcaster.addListener($0)
        }
        broadcaster.send(.success(1))
        broadcaster.send(.success(2))
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == 2)
    }
}
