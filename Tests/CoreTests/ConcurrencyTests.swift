// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Synchronization
import Testing

private final class Slow: Sendable {}
private final class Fast: Sendable {}
private final class Selfish: Sendable {}
private final class Ping: Sendable {}
private final class Pong: Sendable {}

@Suite("Concurrency: exactly-once, no lock during factories, no deadlocks", .timeLimit(.minutes(3)))
struct ConcurrencyTests {
    // Exactly-once creation: a 16-thread stress test racing first creation counts one instance.
    @Test func sixteenThreadsRacingFirstCreationCreateOneInstance() async throws {
        for _ in 0..<20 {
            let runs = RunCounter()
            let app = try makeApp([cached(Leaf.self, runs: runs) { _ in Leaf() }])
            let start = DispatchSemaphore(value: 0)
            let instances = Locked<[ObjectIdentifier]>([])
            let group = DispatchGroup()
            for _ in 0..<16 {
                group.enter()
                Thread {
                    start.wait()
                    let leaf = app.container.instance(for: Leaf.self)!
                    instances.withLock { $0.append(ObjectIdentifier(leaf)) }
                    group.leave()
                }.start()
            }
            for _ in 0..<16 { start.signal() }
            #expect(await onThread { group.wait(timeout: .now() + 10) } == .success)
            #expect(runs.value == 1)
            #expect(Set(instances.withLock { $0 }).count == 1)
        }
    }

    @Test func concurrentTasksGetTheSameCachedInstance() async throws {
        let runs = RunCounter()
        let app = try makeApp([cached(Leaf.self, runs: runs) { _ in Leaf() }])
        let ids = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<64 { group.addTask { ObjectIdentifier(app.container.instance(for: Leaf.self)!) } }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
        #expect(runs.value == 1)
    }

    // A slow factory never blocks lookups of other components.
    @Test func aSlowFactoryDoesNotBlockOtherLookups() async throws {
        let entered = Signal()
        let release = Signal()
        let app = try makeApp([
            cached(Slow.self) { _ in
                entered.fire()
                _ = release.wait()
                return Slow()
            },
            cached(Fast.self) { _ in Fast() },
        ])
        let fastBefore = app.container.instance(for: Fast.self)
        let slowResult = Task.detached(priority: Task.currentPriority) {
            await onThread { app.container.instance(for: Slow.self) != nil }
        }
        #expect(await onThread { entered.wait() })
        // While Slow's factory runs: a cached lookup, a new creation and an unrelated miss all complete.
        let lookups = await onThread { () -> Bool in
            app.container.instance(for: Fast.self) === fastBefore && app.container.instance(for: Leaf.self) == nil
        }
        #expect(lookups)
        release.fire()
        #expect(try await value(of: slowResult))
    }

    @Test func waitersOnAFailedCreationRetryThemselves() async throws {
        let runs = RunCounter()
        let entered = Signal()
        let release = Signal()
        let app = try makeApp([
            Component(Leaf.self) { _, isCacheable in
                isCacheable = true
                if runs.increment() == 1 {
                    entered.fire()
                    _ = release.wait()
                    throw BoomError()
                }
                return Leaf()
            }
        ])
        let first = Task.detached(priority: Task.currentPriority) {
            await onThread { app.container.instance(for: Leaf.self) }
        }
        #expect(await onThread { entered.wait() })
        let second = Task.detached(priority: Task.currentPriority) {
            await onThread { app.container.instance(for: Leaf.self) }
        }
        release.fire()
        let results = try await [value(of: first), value(of: second)]
        #expect(results.compactMap { $0 }.count >= 1)
        #expect(app.container.instance(for: Leaf.self) != nil)
        #expect(runs.value == 2)
    }

    @Test func runsOfOneUncacheableFactoryNeverOverlap() async throws {
        let inside = Atomic<Int>(0)
        let overlaps = RunCounter()
        let runs = RunCounter()
        let app = try makeApp([
            Component(Leaf.self) { _, _ in
                runs.increment()
                if inside.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue > 1 { overlaps.increment() }
                for _ in 0..<1_000 { _ = inside.load(ordering: .relaxed) }
                inside.wrappingSubtract(1, ordering: .sequentiallyConsistent)
                return Leaf()
            }
        ])
        _ = app.container.instance(for: Leaf.self)  // learns: not cacheable
        let tasks = (0..<8).map { _ in
            Task.detached(priority: Task.currentPriority) {
                await onThread { (0..<200).allSatisfy { _ in app.container.instance(for: Leaf.self) != nil } }
            }
        }
        for task in tasks { #expect(try await value(of: task, timeout: .seconds(120))) }
        #expect(runs.value == 1 + 8 * 200)
        #expect(overlaps.value == 0)
    }

    @Test func aFactoryThatStartsCachingCreatesItsInstanceOnceUnderContention() async throws {
        // Once uncached, then cached: however many threads ask at the moment it starts caching, exactly one
        // cacheable instance is made and every caller gets it.
        let cachedCreations = RunCounter()
        let learned = Atomic<Bool>(false)
        let start = Barrier(parties: 8)
        let app = try makeApp([
            Component(Leaf.self) { _, isCacheable in
                if learned.load(ordering: .acquiring) {
                    isCacheable = true
                    cachedCreations.increment()
                }
                return Leaf()
            }
        ])
        _ = app.container.instance(for: Leaf.self)
        learned.store(true, ordering: .releasing)
        let tasks = (0..<8).map { _ in
            Task.detached(priority: Task.currentPriority) {
                await onThread { () -> ObjectIdentifier? in
                    start.arriveAndWait()
                    return app.container.instance(for: Leaf.self).map(ObjectIdentifier.init)
                }
            }
        }
        var identities = Set<ObjectIdentifier?>()
        for task in tasks { identities.insert(try await value(of: task, timeout: .seconds(120))) }
        #expect(cachedCreations.value == 1)
        #expect(identities.count == 1)
        #expect(identities.first! != nil)
    }

    @Test func aFactoryResolvingItselfThroughTheAppContainerIsACycleNotADeadlock() async throws {
        let app = try makeApp([
            Component(Selfish.self) { container, isCacheable in
                isCacheable = true
                _ = try container.app!.container.require(Selfish.self)
                return Selfish()
            }
        ])
        let result = await onThread { Result { () throws(ComponentError) in try app.container.require(Selfish.self) } }
        #expect(throws: ComponentError.dependencyCycle([ComponentError.typeName(of: Selfish.self)])) {
            try result.get()
        }
    }

    @Test func aNonCacheableFactoryResolvingItselfIsACycleNotAStackOverflow() async throws {
        let app = try makeApp([
            Component(Selfish.self) { container, _ in
                _ = try container.app!.container.require(Selfish.self)
                return Selfish()
            }
        ])
        let result = await onThread { Result { () throws(ComponentError) in try app.container.require(Selfish.self) } }
        #expect(throws: ComponentError.dependencyCycle([ComponentError.typeName(of: Selfish.self)])) {
            try result.get()
        }
    }

    @Test func twoThreadsWaitingOnEachOthersCreationsGetACycleError() async throws {
        // Thread 1 creates Ping, whose factory resolves Pong; thread 2 creates Pong, whose factory resolves
        // Ping. Each would wait for the other forever. Both factories first wait until both are inside.
        let bothInside = Barrier(parties: 2)
        let app = try makeApp([
            cached(Ping.self, dependencies: [.required(Pong.self)]) { container in
                bothInside.arriveAndWait()
                _ = try container.require(Pong.self)
                return Ping()
            },
            cached(Pong.self, dependencies: [.provider(Ping.self)]) { container in
                bothInside.arriveAndWait()
                _ = try container.provider(for: Ping.self).require()
                return Pong()
            },
        ])
        async let ping = onThread { Result { () throws(ComponentError) in try app.container.require(Ping.self) } }
        async let pong = onThread { Result { () throws(ComponentError) in try app.container.require(Pong.self) } }
        let results = await [ping.map { _ in "ping" }, pong.map { _ in "pong" }]
        let failures = results.compactMap { result -> ComponentError? in
            if case .failure(let error) = result { return error }
            return nil
        }
        // At least one side is refused with a cycle naming both types; nobody hangs.
        #expect(!failures.isEmpty)
        for failure in failures {
            guard case .dependencyCycle(let members) = failure else {
                Issue.record("unexpected \(failure)")
                continue
            }
            #expect(Set(members) == [ComponentError.typeName(of: Ping.self), ComponentError.typeName(of: Pong.self)])
        }
    }

    @Test func anEagerFactoryWaitingOnAThreadThatResolvesAProviderDoesNotDeadlock() async throws {
        // Android's runtime test: an eager factory blocks on another thread that resolves a provider; with no
        // lock held while factories run, that thread gets its instance and the eager factory completes.
        let resolvedOnOtherThread = RunCounter()
        let registry = try makeRegistry([
            (
                "flint-eager",
                [
                    cached(Leaf.self) { _ in Leaf() },
                    cached(Root.self, timing: .alwaysEager, dependencies: [.provider(Leaf.self)]) { container in
                        let provider = try container.provider(for: Leaf.self)
                        let done = Signal()
                        Thread {
                            if provider.get() != nil { resolvedOnOtherThread.increment() }
                            done.fire()
                        }.start()
                        guard done.wait() else { return nil }
                        return Root(branch: Branch(leaf: try provider.require()))
                    },
                ]
            )
        ])
        let app = try await onThread { Result { try registry.configure(options: .testing) } }.get()
        #expect(resolvedOnOtherThread.value == 1)
        #expect(app.container.graph.nodes.map(\.state) == [.cached, .cached])
    }

    @Test func deleteRacingResolvesDoesNotCrash() async throws {
        for round in 0..<20 {
            let app = try makeApp(
                name: "race-\(round)",
                [
                    cached(Leaf.self) { _ in Leaf() },
                    cached(Branch.self, dependencies: [.required(Leaf.self)]) {
                        Branch(leaf: try $0.require(Leaf.self))
                    },
                    Component(Root.self, dependencies: [.required(Branch.self)]) { c, _ in
                        Root(branch: try c.require(Branch.self))
                    },
                ])
            let resolvers = (0..<4).map { _ in
                Task.detached(priority: Task.currentPriority) {
                    var outcomes = 0
                    for _ in 0..<500 {
                        do throws(ComponentError) {
                            _ = try app.container.require(Root.self)
                        } catch {
                            #expect(error == .appDeleted(name: app.name))
                        }
                        outcomes += 1
                    }
                    return outcomes
                }
            }
            #expect(await app.delete())
            for resolver in resolvers { #expect(await resolver.value == 500) }
            #expect(throws: ComponentError.appDeleted(name: app.name)) { try app.container.require(Root.self) }
        }
    }
}

/// Blocks arriving threads until `parties` have arrived (or a deadline passes); later arrivals pass at once.
final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private var arrived = 0
    private let parties: Int
    init(parties: Int) { self.parties = parties }

    /// Returns whether every party arrived before the deadline.
    @discardableResult
    func arriveAndWait(seconds: Double = 120) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived >= parties {
            condition.broadcast()
            return true
        }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while arrived < parties && condition.wait(until: deadline) {}
        return arrived >= parties
    }
}
