// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Synchronization
import Testing

/// A maintainer that counts how often it was told about deletion.
private final class Counted: ComponentLifecycleMaintainer {
    let notifications = RunCounter()
    func appWillBeDeleted(_ app: FlintApp) async { notifications.increment() }
}

/// Every `Counted` a factory made, to check that each was notified exactly once.
private final class Made: Sendable {
    private let instances = Locked<[Counted]>([])
    func add(_ instance: Counted) -> Counted {
        instances.withLock { $0.append(instance) }
        return instance
    }
    var all: [Counted] { instances.withLock { $0 } }
}

private final class Pending: Sendable {}
private final class Absent: Sendable {}
private final class Holder: Sendable {
    let absent: Provider<Absent>
    init(absent: Provider<Absent>) { self.absent = absent }
}

@Suite("Delete racing creations: late instances, event order, providers")
struct DeleteRaceTests {
    @Test func anInstanceWhoseCreationEndsDuringDeleteIsNotifiedAndNotReturned() async throws {
        let entered = Signal()
        let release = Signal()
        let made = Made()
        let app = try makeApp([
            Component(Counted.self) { _, isCacheable in
                isCacheable = true
                entered.fire()
                _ = release.wait()
                return made.add(Counted())
            }, cached(Pending.self) { _ in Pending() },
        ])
        let creation = Task.detached(priority: Task.currentPriority) {
            await onThread { Result { () throws(ComponentError) in try app.container.require(Counted.self) } }
        }
        #expect(await onThread { entered.wait() })
        let deletion = Task { await app.delete() }
        // Delete has marked the app (lookups fail) but waits for the running creation.
        try await waitUntil { (try? app.container.require(Pending.self)) == nil }
        release.fire()
        let outcome = try await value(of: creation)
        #expect(throws: ComponentError.appDeleted(name: FlintApp.defaultName)) { try outcome.get() }
        #expect(try await value(of: deletion))
        #expect(made.all.count == 1)
        #expect(made.all.map(\.notifications.value) == [1])
    }

    /// The rounds run one at a time and each resolver stops after a bounded number of lookups: ten rounds of four
    /// threads spinning at once kept a 2-core machine's cores (and the cooperative pool that `delete()` needs) so
    /// busy that the whole parallel suite stalled for about a minute.
    @Test(.serialized, arguments: 0..<10)
    func everyMaintainerAFactoryCreatedIsNotifiedExactlyOnce(round: Int) async throws {
        let made = Made()
        let components = (0..<48).map { _ in
            Component.contribution(to: Counted.self) { _, isCacheable in
                isCacheable = true
                return made.add(Counted())
            }
        }
        let app = try makeApp(components)
        let start = Barrier(parties: 5)
        let resolvers = (0..<4).map { _ in
            Task.detached(priority: Task.currentPriority) {
                await onThread {
                    start.arriveAndWait()
                    for _ in 0..<200_000 {
                        if (try? app.container.all(Counted.self)) == nil { break }
                    }
                }
            }
        }
        let deleted = await onThread { start.arriveAndWait() }
        #expect(deleted)
        #expect(await app.delete())
        for resolver in resolvers { try await value(of: resolver, timeout: .seconds(120)) }
        #expect(made.all.allSatisfy { $0.notifications.value == 1 })
    }

    @Test func configuredIsAnnouncedBeforeDeletedWhenDeleteOvertakesEagerCreation() async throws {
        let registry = try makeRegistry()
        let events = registry.events
        let entered = Signal()
        let release = Signal()
        let configuring = Task.detached(priority: Task.currentPriority) {
            await onThread {
                try? registry.configure(
                    name: "racing", options: .testing,
                    overrides: [
                        Component(Pending.self, timing: .alwaysEager) { _, isCacheable in
                            isCacheable = true
                            entered.fire()
                            _ = release.wait()
                            return Pending()
                        }
                    ])
            }
        }
        #expect(await onThread { entered.wait() })
        let app = try #require(registry.app(name: "racing"))
        let deletion = Task { await app.delete() }
        try await waitUntil { app.isDeleted }
        release.fire()
        _ = try await value(of: configuring)
        #expect(try await value(of: deletion))
        let received = try await collect(2, from: events)
        #expect(received.map(\.kind) == ["configured", "deleted"])
    }

    @Test func anAbsentOptionalProviderAfterDeleteThrowsAppDeleted() async throws {
        let app = try makeApp([
            cached(Holder.self, dependencies: [.provider(Absent.self, isRequired: false)]) {
                Holder(absent: try $0.provider(for: Absent.self))
            }
        ])
        let holder = try app.container.require(Holder.self)
        #expect(throws: ComponentError.notRegistered(type: ComponentError.typeName(of: Absent.self))) {
            try holder.absent.require()
        }
        #expect(await app.delete())
        #expect(throws: ComponentError.appDeleted(name: FlintApp.defaultName)) { try holder.absent.require() }
    }
}

extension AppEvent {
    fileprivate var kind: String {
        switch self {
        case .configured: return "configured"
        case .deleted: return "deleted"
        }
    }
}

// MARK: - No factory starts after delete()

private final class ChainA: Sendable {}
private final class ChainB: Sendable {}
private final class ChainC: Sendable {}
private final class ChainD: Sendable {}
private final class Filler: Sendable {}

/// How often each factory of the A ← B ← C ⇠ D chain ran in one round.
private final class ChainRuns: Sendable {
    let a = RunCounter()
    let b = RunCounter()
    let c = RunCounter()
    let d = RunCounter()
    var all: [Int] { [a.value, b.value, c.value, d.value] }
}

/// A flag set once, read from any thread.
private final class EndFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// Simulated slow work inside a factory (not synchronization: nothing waits on it), so that creations are still
/// running when `delete()` starts.
private func slowWork(milliseconds: Double = 1) { Thread.sleep(forTimeInterval: milliseconds / 1000) }

@Suite("Delete racing a chain of slow creations")
struct DeleteRacingSlowChainTests {
    /// A chain of slow cacheable components (B requires A, C requires B, D reaches C through a provider), resolved
    /// in a loop by four threads and two tasks while three `delete()` calls race them, starting while B is being
    /// created. Every factory runs at most once: a lookup after `delete()` began throws `appDeleted` without running
    /// a factory, and the waiters of a creation that failed with `appDeleted` do not run it again. Unused set
    /// contributions between B and C in slot order keep `delete()` busy between marking B and marking C, the
    /// window in which C's creation used to be retried.
    @Test func noFactoryRunsTwiceWhileDeleteRacesCreations() async throws {
        for round in 0..<5 {
            let runs = ChainRuns()
            let bStarted = Signal()
            let fillers = (0..<20_000).map { _ in Component.contribution(to: Filler.self) { _, _ in Filler() } }
            let app = try makeApp(
                name: "chain-\(round)",
                [
                    cached(ChainA.self, runs: runs.a) { _ in
                        slowWork()
                        return ChainA()
                    },
                    cached(ChainB.self, dependencies: [.required(ChainA.self)], runs: runs.b) {
                        _ = try $0.require(ChainA.self)
                        bStarted.fire()
                        slowWork(milliseconds: 20)
                        return ChainB()
                    },
                ] + fillers + [
                    cached(ChainC.self, dependencies: [.required(ChainB.self)], runs: runs.c) {
                        _ = try $0.require(ChainB.self)
                        slowWork()
                        return ChainC()
                    },
                    cached(ChainD.self, dependencies: [.provider(ChainC.self)], runs: runs.d) {
                        let c = try $0.provider(for: ChainC.self)
                        _ = try c.require()
                        slowWork()
                        return ChainD()
                    },
                ])
            let started = Barrier(parties: 7)
            let deletionEnded = EndFlag()
            /// One resolve of D or C; false once `delete()` has returned. The resolvers go on after `appDeleted`
            /// until then, as callers that do not know of the deletion would.
            @Sendable func resolveOnce(_ number: Int) -> Bool {
                do throws(ComponentError) {
                    if number.isMultiple(of: 2) {
                        _ = try app.container.require(ChainD.self)
                    } else {
                        _ = try app.container.require(ChainC.self)
                    }
                } catch {
                    #expect(error == .appDeleted(name: app.name))
                }
                return !deletionEnded.isSet
            }
            // Each resolver stops after a bounded number of resolves, so that the test never keeps the machine's
            // cores busy for long when the suite runs in parallel.
            let resolves = 2_000
            let threads = (0..<4).map { number in
                Task.detached(priority: Task.currentPriority) {
                    await onThread {
                        started.arriveAndWait()
                        for _ in 0..<resolves {
                            guard resolveOnce(number) else { break }
                        }
                    }
                }
            }
            // The tasks yield between resolves, so that they never keep the cooperative pool from `delete()`.
            let tasks = (0..<2).map { number in
                Task.detached(priority: Task.currentPriority) {
                    _ = await onThread { started.arriveAndWait() }
                    for _ in 0..<resolves {
                        guard resolveOnce(number) else { break }
                        await Task.yield()
                    }
                }
            }
            #expect(await onThread { started.arriveAndWait() })
            #expect(await onThread { bStarted.wait(seconds: 20) })
            async let first = app.delete()
            async let second = app.delete()
            async let third = app.delete()
            let deleted = await [first, second, third]
            deletionEnded.set()
            #expect(deleted.filter { $0 }.count == 1)
            for resolver in threads + tasks { try await value(of: resolver, timeout: .seconds(60)) }
            #expect(runs.all.allSatisfy { $0 <= 1 }, "round \(round): factory runs A, B, C, D = \(runs.all)")
        }
    }
}
