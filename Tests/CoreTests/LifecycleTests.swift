// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Synchronization
import Testing

@testable import FlintCore

/// Records the order in which maintainers were told about deletion.
private final class DeletionLog: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

private final class Maintained: ComponentLifecycleMaintainer {
    let label: String
    let log: DeletionLog
    init(_ label: String, log: DeletionLog) {
        self.label = label
        self.log = log
    }
    func appWillBeDeleted(_ app: FlintApp) async {
        await Task.yield()  // genuinely async: delete() must await it
        log.append("\(label)@\(app.name)")
    }
}
private final class Dependent: ComponentLifecycleMaintainer {
    let log: DeletionLog
    let base: Maintained
    init(base: Maintained, log: DeletionLog) {
        self.base = base
        self.log = log
    }
    func appWillBeDeleted(_ app: FlintApp) async { log.append("dependent@\(app.name)") }
}

/// A protocol a maintainer is registered under (its conformance to the maintainer protocol is not visible
/// in the registered type).
private protocol Greeting: AnyObject, Sendable {}
extension Maintained: Greeting {}

@Suite("Lifecycle: delete", .timeLimit(.minutes(3)))  // Component System guide, "Lifecycle: deleting an app"
struct LifecycleTests {
    @Test func aMaintainerRegisteredUnderAProtocolTypeIsNotified() async throws {
        let log = DeletionLog()
        let app = try makeApp(
            name: "proto",
            [
                cached((any Greeting).self) { _ in Maintained("greeting", log: log) },
                cached(Leaf.self) { _ in Leaf() },
            ])
        _ = try app.container.require((any Greeting).self)
        _ = try app.container.require(Leaf.self)
        #expect(await app.delete())
        #expect(log.all == ["greeting@proto"])
    }

    @Test func deleteAwaitsMaintainersLatestCreatedFirst() async throws {
        let log = DeletionLog()
        let app = try makeApp(
            name: "life",
            [
                cached(Maintained.self) { _ in Maintained("base", log: log) },
                cached(Dependent.self, dependencies: [.required(Maintained.self)]) {
                    Dependent(base: try $0.require(Maintained.self), log: log)
                },
            ])
        _ = try app.container.require(Dependent.self)
        #expect(await app.delete())
        #expect(log.all == ["dependent@life", "base@life"])
    }

    @Test func aMaintainerServedUnderSeveralTypesIsNotifiedOnce() async throws {
        let log = DeletionLog()
        let app = try makeApp(
            name: "once",
            [
                Component(Maintained.self, alsoProviding: [.type(ComponentLifecycleMaintainer.self) { $0 }]) { _, c in
                    c = true
                    return Maintained("shared", log: log)
                }
            ])
        _ = try app.container.require(Maintained.self)
        #expect(try app.container.require(ComponentLifecycleMaintainer.self) === app.container.require(Maintained.self))
        #expect(await app.delete())
        #expect(log.all == ["shared@once"])
    }

    @Test func afterDeleteLookupsFailWithAppDeleted() async throws {
        let app = try makeApp(name: "gone", [cached(Leaf.self) { _ in Leaf() }])
        _ = try app.container.require(Leaf.self)
        #expect(await app.delete())
        #expect(app.isDeleted)
        #expect(throws: ComponentError.appDeleted(name: "gone")) { try app.container.require(Leaf.self) }
        #expect(throws: ComponentError.appDeleted(name: "gone")) { try app.container.require(Branch.self) }
        #expect(app.container.instance(for: Leaf.self) == nil)
        #expect(throws: ComponentError.appDeleted(name: "gone")) { try app.container.all(Plugin.self) }
    }

    @Test func deleteFreesEveryCachedInstanceWithTheDeletedApp() async throws {
        // Cached lookups take no lock, so a deleted container keeps its unpublished instances until the app
        // object goes: a lookup that began before the deletion may still be copying one out.
        weak var leaf: Leaf?
        weak var branch: Branch?
        do {
            let app = try makeApp([
                cached(Leaf.self) { _ in Leaf() },
                cached(Branch.self, dependencies: [.required(Leaf.self)]) { Branch(leaf: try $0.require(Leaf.self)) },
            ])
            do {
                let strongBranch = try app.container.require(Branch.self)
                branch = strongBranch
                leaf = strongBranch.leaf
            }
            #expect(leaf != nil && branch != nil)
            #expect(await app.delete())
            #expect(throws: ComponentError.appDeleted(name: FlintApp.defaultName)) {
                try app.container.require(Branch.self)
            }
        }
        #expect(leaf == nil)
        #expect(branch == nil)
    }

    @Test func deleteUnpublishesAndTheSecondDeleteReturnsFalse() async throws {
        let registry = try makeRegistry()
        let app = try registry.configure(name: "twice", options: .testing)
        #expect(await app.delete())
        #expect(registry.app(name: "twice") == nil)
        #expect(await app.delete() == false)
    }

    @Test func reconfiguringADeletedNameGivesFreshInstances() async throws {
        let registry = try makeRegistry([("lib", [cached(Leaf.self) { _ in Leaf() }])])
        let first = try registry.configure(name: "again", options: .testing)
        let oldLeaf = try first.container.require(Leaf.self)
        #expect(await first.delete())
        let second = try registry.configure(name: "again", options: .testing)
        #expect(second !== first)
        #expect(try second.container.require(Leaf.self) !== oldLeaf)
    }

    @Test func theContainerDoesNotKeepItsAppAlive() async throws {
        weak var weakApp: FlintApp?
        var container: ComponentContainer?
        do {
            let app = try makeApp(name: "weakly", [])
            weakApp = app
            container = app.container
            #expect(await app.delete())
        }
        #expect(weakApp == nil)
        #expect(container?.app == nil)
        #expect(container?.appName == "weakly")
    }

    @Test func aDeletedAndDroppedAppFreesItsWholeContainer() async throws {
        // Factories get restricted views that are cached per slot and hold the storage; delete must release
        // them so the storage (and everything in it) goes away with the app.
        weak var storage: ContainerStorage?
        weak var container: ComponentContainer?
        do {
            let app = try makeApp(
                name: "dropped",
                [
                    cached(Leaf.self) { _ in Leaf() },
                    Component(Branch.self, dependencies: [.required(Leaf.self)]) { c, _ in
                        Branch(leaf: try c.require(Leaf.self))
                    },
                ])
            _ = try app.container.require(Branch.self)  // runs factories, caching their views
            _ = try app.container.require(Branch.self)  // the known-uncacheable path
            storage = app.container.storage
            container = app.container
            #expect(await app.delete())
        }
        #expect(container == nil)
        #expect(storage == nil)
    }

    @Test func aCreationFinishingAfterDeleteIsNotCachedAndFails() async throws {
        let entered = Signal()
        let release = Signal()
        let made = WeakHolder<Leaf>()
        let app = try makeApp(
            name: "late",
            [
                cached(Leaf.self) { _ in
                    entered.fire()
                    _ = release.wait()
                    let leaf = Leaf()
                    made.set(leaf)
                    return leaf
                }
            ])
        let pending = Task.detached(priority: Task.currentPriority) {
            await onThread { Result { () throws(ComponentError) in _ = try app.container.require(Leaf.self) } }
        }
        #expect(await onThread { entered.wait() })
        // delete() waits for the running creation (to notify what it makes), so release it once delete began.
        let deletion = Task { await app.delete() }
        try await waitUntil { app.isDeleted }
        release.fire()
        let outcome = try await value(of: pending)
        #expect(throws: ComponentError.appDeleted(name: "late")) { try outcome.get() }
        #expect(try await value(of: deletion))
        #expect(made.value == nil)
    }
}
