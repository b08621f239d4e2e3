// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Synchronization
import Testing

// The spirit of Firebase Android's ComponentRuntimeTest (late discovery), OptionalProviderTest and LazySetTest:
// libraries registered after an app exists reach it.

private final class Old: Sendable {}
private final class New: Sendable {
    let old: Old
    init(old: Old) { self.old = old }
}
private final class Eager: Sendable {}
private final class OnlyInDefault: Sendable {}
private final class Needy: Sendable {}
private final class Missing: Sendable {}
private final class Cyclic: Sendable {}
private final class Hopeful: Sendable {
    let maybe: Provider<New>
    init(maybe: Provider<New>) { self.maybe = maybe }
}
private final class Asker: Sendable {}
private final class Overridden: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}
private final class Waiter: Sendable {
    let told = Locked<[New]>([])
}

private func name(_ type: Any.Type) -> String { ComponentError.typeName(of: type) }

@Suite("Late discovery: libraries registered after an app exists reach it")
struct LateDiscoveryTests {
    private func registry(with old: [Component] = [cached(Old.self) { _ in Old() }]) throws -> AppRegistry {
        try makeRegistry([("flint-old", old)])
    }

    private func newLibrary(_ registry: AppRegistry, runs: RunCounter? = nil) throws {
        try registry.register(libraryName: "flint-new", version: "2.0.0") {
            [cached(New.self, dependencies: [.required(Old.self)], runs: runs) { New(old: try $0.require(Old.self)) }]
        }
    }

    @Test func aLateLibrarysComponentsResolveInTheExistingAppWithItsOldDependencies() throws {
        let registry = try registry()
        let app = try registry.configure(options: .testing)
        let old = try app.container.require(Old.self)
        #expect(throws: ComponentError.notRegistered(type: name(New.self))) { try app.container.require(New.self) }
        try newLibrary(registry)
        let new = try app.container.require(New.self)
        #expect(new.old === old)
        #expect(try app.container.require(New.self) === new)
        #expect(registry.userAgent.contains("flint-new/2.0.0"))
        #expect(app.container.graph.nodes.contains { $0.typeName == name(New.self) && $0.libraryName == "flint-new" })
    }

    @Test func eagerLateComponentsStartAtRegistrationInTheAppsTheyAreEagerFor() throws {
        let registry = try registry()
        let defaultApp = try registry.configure(options: .testing)
        let named = try registry.configure(name: "named", options: .testing)
        let eagerRuns = RunCounter()
        let defaultOnlyRuns = RunCounter()
        try registry.register(libraryName: "flint-eager", version: "1") {
            [
                cached(Eager.self, timing: .alwaysEager, runs: eagerRuns) { _ in Eager() },
                cached(OnlyInDefault.self, timing: .eagerInDefaultApp, runs: defaultOnlyRuns) { _ in OnlyInDefault() },
            ]
        }
        #expect(eagerRuns.value == 2)
        #expect(defaultOnlyRuns.value == 1)
        #expect(defaultApp.container.graph.nodes.first { $0.typeName == name(OnlyInDefault.self) }?.state == .cached)
        #expect(named.container.graph.nodes.first { $0.typeName == name(OnlyInDefault.self) }?.state == .notCreated)
    }

    @Test func aLateDuplicateIsRefusedAndLeavesTheAppAndTheRegistryUnchanged() throws {
        let registry = try registry()
        let app = try registry.configure(options: .testing)
        let agent = registry.userAgent
        let nodes = app.container.graph.nodes
        #expect(
            throws: ComponentError.duplicateComponent(type: name(Old.self), libraries: ["flint-old", "flint-clash"])
        ) {
            try registry.register(libraryName: "flint-clash", version: "1") {
                [cached(Needy.self) { _ in Needy() }, cached(Old.self) { _ in Old() }]
            }
        }
        #expect(registry.userAgent == agent)
        #expect(app.container.graph.nodes == nodes)
        #expect(app.container.instance(for: Needy.self) == nil)
        // The registry did not keep the refused library: a later app does not get it either.
        let later = try registry.configure(name: "later", options: .testing)
        #expect(later.container.instance(for: Needy.self) == nil)
    }

    @Test func aLateLibraryProvidingOneTypeTwiceIsDuplicate() throws {
        let registry = try registry()
        _ = try registry.configure(options: .testing)
        #expect(
            throws: ComponentError.duplicateComponent(
                type: name(Needy.self), libraries: ["flint-twice", "flint-twice"])
        ) {
            try registry.register(libraryName: "flint-twice", version: "1") {
                [cached(Needy.self) { _ in Needy() }, cached(Needy.self) { _ in Needy() }]
            }
        }
    }

    @Test func aLateComponentWithAMissingRequiredDependencyIsRefused() throws {
        let registry = try registry()
        let app = try registry.configure(options: .testing)
        #expect(throws: ComponentError.missingDependency(component: name(Needy.self), dependency: name(Missing.self))) {
            try registry.register(libraryName: "flint-needy", version: "1") {
                [cached(Needy.self, dependencies: [.required(Missing.self)]) { _ in Needy() }]
            }
        }
        #expect(app.container.instance(for: Needy.self) == nil)
    }

    @Test func aCycleThroughAnOldOptionalDependencyAndALateComponentIsRefused() throws {
        // Old Cyclic optionally needs New; a late New requiring Cyclic would close a cycle.
        let registry = try registry(with: [cached(Cyclic.self, dependencies: [.optional(New.self)]) { _ in Cyclic() }])
        let app = try registry.configure(options: .testing)
        #expect(throws: ComponentError.dependencyCycle([name(Cyclic.self), name(New.self)])) {
            try registry.register(libraryName: "flint-cyclic", version: "1") {
                [cached(New.self, dependencies: [.required(Cyclic.self)]) { _ in New(old: Old()) }]
            }
        }
        #expect(app.container.instance(for: New.self) == nil)
    }

    @Test func anOptionalProviderMadeBeforeTheLibraryResolvesAfterIt() throws {
        let registry = try registry()
        let app = try registry.configure(
            options: .testing,
            overrides: [
                cached(Hopeful.self, dependencies: [.provider(New.self, isRequired: false)]) {
                    Hopeful(maybe: try $0.provider(for: New.self))
                }
            ])
        let hopeful = try app.container.require(Hopeful.self)
        #expect(hopeful.maybe.get() == nil)
        try newLibrary(registry)
        #expect(hopeful.maybe.get() === (try app.container.require(New.self)))
    }

    @Test func anOptionalDirectDependencyIsSeenByFactoriesThatRunAfterTheLibrary() throws {
        let registry = try registry()
        let seen = Locked<[Bool]>([])
        let app = try registry.configure(
            options: .testing,
            overrides: [
                Component(Asker.self, dependencies: [.optional(New.self)]) { container, _ in
                    seen.withLock { $0.append(container.instance(for: New.self) != nil) }
                    return Asker()
                }
            ])
        _ = try app.container.require(Asker.self)
        try newLibrary(registry)
        _ = try app.container.require(Asker.self)
        #expect(seen.withLock { $0 } == [false, true])
    }

    @Test func setsSeeLateContributions() throws {
        let registry = try registry(with: [.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "old") }])
        let app = try registry.configure(options: .testing)
        #expect(try app.container.all(Plugin.self).map(\.name) == ["old"])
        try registry.register(libraryName: "flint-plugins", version: "1") {
            [.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "new") }]
        }
        #expect(try app.container.all(Plugin.self).map(\.name) == ["old", "new"])
    }

    @Test func deferredDependentsAreToldWhenTheLibraryArrives() async throws {
        let registry = try registry()
        let app = try registry.configure(
            options: .testing,
            overrides: [
                cached(Waiter.self, dependencies: [.deferred(New.self)]) { container in
                    let waiter = Waiter()
                    try container.deferred(for: New.self).whenAvailable { provider in
                        if let new = provider.get() { waiter.told.withLock { $0.append(new) } }
                    }
                    return waiter
                }
            ])
        let waiter = try app.container.require(Waiter.self)
        let deferred = try app.container.deferred(for: New.self)
        let waiting = Task { try await deferred.value() }
        #expect(waiter.told.withLock { $0 }.isEmpty)
        try newLibrary(registry)
        let new = try app.container.require(New.self)
        #expect(waiter.told.withLock { $0.map(ObjectIdentifier.init) } == [ObjectIdentifier(new)])
        #expect(try await value(of: waiting) === new)
    }

    @Test func anAppsOverrideWinsOverALateLibraryComponent() throws {
        let registry = try registry()
        let app = try registry.configure(
            options: .testing, overrides: [.instance(Overridden("override"), as: Overridden.self)])
        try registry.register(libraryName: "flint-overridden", version: "1") {
            [cached(Overridden.self) { _ in Overridden("library") }]
        }
        #expect(try app.container.require(Overridden.self).label == "override")
        let later = try registry.configure(name: "later", options: .testing)
        #expect(try later.container.require(Overridden.self).label == "library")
    }

    @Test func deletedAppsAreNotReached() async throws {
        let registry = try registry()
        let app = try registry.configure(options: .testing)
        #expect(await app.delete())
        try newLibrary(registry)
        #expect(throws: ComponentError.appDeleted(name: FlintApp.defaultName)) { try app.container.require(New.self) }
    }

    @Test func registeringWhileOtherThreadsResolveIsSafe() async throws {
        let registry = try registry()
        let app = try registry.configure(options: .testing)
        let resolver = Task.detached(priority: Task.currentPriority) {
            await onThread {
                // Resolves until the late library's type shows up (bounded: 120 s).
                let deadline = ContinuousClock.now.advanced(by: .seconds(120))
                while ContinuousClock.now < deadline {
                    _ = app.container.instance(for: Old.self)
                    _ = try? app.container.all(Plugin.self)
                    if app.container.instance(for: New.self) != nil { return true }
                }
                return false
            }
        }
        for round in 0..<20 {
            try registry.register(libraryName: "flint-extra-\(round)", version: "1") {
                [.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "\(round)") }]
            }
        }
        try newLibrary(registry)
        #expect(try await value(of: resolver, timeout: .seconds(120)))
        #expect(try app.container.all(Plugin.self).count == 20)
    }

    @Test func aLibraryRegisteredWhileAnAppIsConfiguredReachesIt() async throws {
        // Whichever comes first, the app ends up with the library's components.
        for round in 0..<10 {
            let registry = try registry()
            let start = Barrier(parties: 2)
            let configuring = Task.detached(priority: Task.currentPriority) {
                await onThread { () -> FlintApp? in
                    start.arriveAndWait()
                    return try? registry.configure(name: "app\(round)", options: .testing)
                }
            }
            // The registering side waits at the barrier on a thread of its own too: never on a cooperative thread.
            let registered = await onThread { () -> Bool in
                start.arriveAndWait()
                return (try? newLibrary(registry)) != nil
            }
            #expect(registered)
            let app = try #require(try await value(of: configuring))
            #expect(app.container.instance(for: New.self) != nil)
        }
    }
}
