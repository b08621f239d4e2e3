// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
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
                _ = release.wait(seconds: 30)
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

    @Test(arguments: 0..<10)
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
                    while (try? app.container.all(Counted.self)) != nil {}
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
                            _ = release.wait(seconds: 30)
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
