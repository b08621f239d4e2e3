// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Synchronization

/// Case 6: one source pushes `events` values to `subscribers` consumers, each a `for await` loop in its own
/// task; timed from the first send until every consumer has received every event; reported as ns per event
/// per subscriber (wall time / (events × subscribers)).
///
/// - `stream_1_subscriber`, `stream_1000_subscribers`.
/// - Flint: a `ListenerBroadcaster<Int>`; each consumer's stream is
///   `AsyncStream<Int>.listening(bufferingPolicy: .unbounded) { yield in broadcaster.addListener(yield) }`;
///   the source calls `broadcaster.send(_:)`.
/// - baseline-asyncstream: each consumer's stream comes from `AsyncStream.makeStream(bufferingPolicy: .unbounded)`;
///   the source holds the continuations and yields to each in turn.
///
/// Every consumer is waiting in its loop before the clock starts; stream teardown (the consumers leaving
/// their loops, Flint removing the listeners) happens after the clock stopped.
func runStreamCases(_ config: BenchConfig, progress: (String) -> Void) async -> [BenchResult] {
    let variants: [(name: String, subscribers: Int, events: Int)] = [
        ("stream_1_subscriber", 1, config.scaled(200_000, quick: 20_000)),
        ("stream_1000_subscribers", 1_000, config.scaled(1_000, quick: 100)),
    ]
    var results: [BenchResult] = []
    for variant in variants {
        progress(variant.name)
        let operations = variant.subscribers * variant.events
        let flint = AsyncContender.fixed(
            .flint, operations: operations,
            setup: {
                let broadcaster = ListenerBroadcaster<Int>()
                let streams = (0..<variant.subscribers).map { _ in
                    AsyncStream<Int>.listening(bufferingPolicy: .unbounded) { yield in broadcaster.addListener(yield) }
                }
                let consumers = await StreamConsumers(streams: streams, events: variant.events)
                return StreamFixture(consumers: consumers) { value in broadcaster.send(value) }
            }, run: { await $0.run() }, teardown: { await $0.consumers.finish() })
        let bare = AsyncContender.fixed(
            .baselineAsyncStream, operations: operations,
            setup: {
                let pairs = (0..<variant.subscribers).map { _ in
                    AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
                }
                let continuations = pairs.map(\.continuation)
                let consumers = await StreamConsumers(streams: pairs.map(\.stream), events: variant.events)
                return StreamFixture(consumers: consumers) { value in
                    for continuation in continuations { continuation.yield(value) }
                }
            }, run: { await $0.run() }, teardown: { await $0.consumers.finish() })
        results += await measure(config, caseName: variant.name, [flint, bare])
    }
    return results
}

/// A source (how to push one value to every subscriber) and its waiting consumers.
private struct StreamFixture: Sendable {
    let consumers: StreamConsumers
    let send: @Sendable (Int) -> Void

    /// Sends `0..<events` and returns once every consumer has received all of them.
    func run() async {
        await consumers.waitUntilAllReceived {
            for value in 0..<consumers.events { send(value) }
        }
    }
}

/// The consumer tasks of one run: each iterates its stream until it has received `events` values.
private final class StreamConsumers: Sendable {
    /// The number of events each consumer waits for.
    let events: Int
    private let progress: ConsumerProgress
    private let tasks: [Task<Void, Never>]

    /// Starts one consumer task per stream and returns once every one of them is about to wait in its loop.
    init(streams: [AsyncStream<Int>], events: Int) async {
        let progress = ConsumerProgress(consumers: streams.count)
        self.events = events
        self.progress = progress
        tasks = streams.map { stream in
            Task {
                progress.consumerStarted()
                var received = 0
                for await _ in stream {
                    received += 1
                    if received == events {
                        progress.consumerReceivedAll()
                        break
                    }
                }
            }
        }
        while !progress.allStarted { await Task.yield() }
    }

    /// Runs `send` (the source pushing every event) and returns once every consumer received every event.
    func waitUntilAllReceived(after send: () -> Void) async {
        await withCheckedContinuation { continuation in
            progress.install(continuation)
            send()
        }
    }

    /// Waits for the consumer tasks to leave their loops (untimed teardown).
    func finish() async {
        for task in tasks { await task.value }
    }
}

/// Counts consumers in (started) and out (received everything), and resumes the waiter when the last is out.
private final class ConsumerProgress: Sendable {
    private enum State {
        case running(remaining: Int, waiter: CheckedContinuation<Void, Never>?)
        case done
    }

    private let consumers: Int
    private let started = Atomic<Int>(0)
    private let state: Mutex<State>

    init(consumers: Int) {
        self.consumers = consumers
        state = Mutex(consumers == 0 ? .done : .running(remaining: consumers, waiter: nil))
    }

    /// Whether every consumer has started.
    var allStarted: Bool { started.load(ordering: .acquiring) == consumers }

    /// A consumer is about to wait for its first event.
    func consumerStarted() {
        started.add(1, ordering: .releasing)
    }

    /// A consumer has received every event; the last one resumes the waiter.
    func consumerReceivedAll() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard case .running(let remaining, let waiter) = state else { return nil }
            if remaining == 1 {
                state = .done
                return waiter
            }
            state = .running(remaining: remaining - 1, waiter: waiter)
            return nil
        }
        waiter?.resume()
    }

    /// Registers the waiter (resumed at once if every consumer is already done).
    func install(_ waiter: CheckedContinuation<Void, Never>) {
        let alreadyDone = state.withLock { state in
            guard case .running(let remaining, _) = state else { return true }
            state = .running(remaining: remaining, waiter: waiter)
            return false
        }
        if alreadyDone { waiter.resume() }
    }
}
