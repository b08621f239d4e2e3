// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite("Resolution: keys, caching, nil factories, restricted containers")
struct ResolutionTests {
    // Types are keyed by metatype; protocols and classes are both keys.
    @Test func protocolAndClassTypesAreBothKeys() throws {
        let greeter = EnglishGreeter()
        let app = try makeApp([.instance(greeter, as: Greeter.self), cached(Leaf.self) { _ in Leaf() }])
        #expect(app.container.instance(for: Greeter.self) === greeter)
        #expect(app.container.instance(for: Leaf.self) != nil)
        // A different type with the same shape is a different key.
        #expect(app.container.instance(for: Counter.self) == nil)
        #expect(app.container.instance(for: EnglishGreeter.self) == nil)
    }

    @Test func unregisteredTypeIsNilAndNotRegistered() throws {
        let app = try makeApp([])
        #expect(app.container.instance(for: Leaf.self) == nil)
        expectComponentError(.notRegistered(type: ComponentError.typeName(of: Leaf.self))) {
            _ = try app.container.require(Leaf.self)
        }
        #expect(!app.container.contains(Leaf.self))
    }

    @Test func cacheableInstanceIsReturnedEveryTime() throws {
        let runs = RunCounter()
        let app = try makeApp([cached(Leaf.self, runs: runs) { _ in Leaf() }])
        let first = try app.container.require(Leaf.self)
        #expect(app.container.instance(for: Leaf.self) === first)
        #expect(runs.value == 1)
    }

    @Test func nonCacheableIsFreshEveryTimeByDefault() throws {
        let app = try makeApp([Component(Leaf.self) { _, _ in Leaf() }])
        let first = try app.container.require(Leaf.self)
        let second = try app.container.require(Leaf.self)
        #expect(first !== second)
    }

    @Test func nilFactoryIsNotCachedAndRunsAgain() throws {
        let runs = RunCounter()
        let app = try makeApp([
            Component(Leaf.self) { _, isCacheable in
                isCacheable = true
                return runs.increment() < 3 ? nil : Leaf()
            }
        ])
        #expect(app.container.instance(for: Leaf.self) == nil)
        expectComponentError(.factoryReturnedNil(type: ComponentError.typeName(of: Leaf.self))) {
            _ = try app.container.require(Leaf.self)
        }
        let third = try app.container.require(Leaf.self)
        #expect(app.container.instance(for: Leaf.self) === third)
        #expect(runs.value == 3)
    }

    @Test func throwingFactoryIsFactoryFailedWithTheReasonAndRetried() throws {
        let runs = RunCounter()
        let app = try makeApp([
            Component(Leaf.self) { _, isCacheable in
                isCacheable = true
                if runs.increment() == 1 { throw BoomError() }
                return Leaf()
            }
        ])
        expectComponentError(.factoryFailed(type: ComponentError.typeName(of: Leaf.self), reason: "boom")) {
            _ = try app.container.require(Leaf.self)
        }
        #expect(app.container.instance(for: Leaf.self) != nil)
    }

    // Re-entrant factories (Component System guide, "Thread-safety guarantees").
    @Test func factoriesResolveTheirDependenciesReentrantly() throws {
        let app = try makeApp([
            cached(Leaf.self) { _ in Leaf() },
            cached(Branch.self, dependencies: [.required(Leaf.self)]) { Branch(leaf: try $0.require(Leaf.self)) },
            cached(Root.self, dependencies: [.required(Branch.self)]) { Root(branch: try $0.require(Branch.self)) },
        ])
        let root = try app.container.require(Root.self)
        #expect(root.branch === app.container.instance(for: Branch.self))
        #expect(root.branch.leaf === app.container.instance(for: Leaf.self))
    }

    // The factory's container is restricted to declared dependencies.
    @Test func undeclaredDependencyThrowsInTheFactory() throws {
        let app = try makeApp([
            cached(Leaf.self) { _ in Leaf() },
            cached(Branch.self) { Branch(leaf: try $0.require(Leaf.self)) },
        ])
        expectComponentError(
            .undeclaredDependency(
                component: ComponentError.typeName(of: Branch.self),
                requested: ComponentError.typeName(of: Leaf.self))
        ) {
            _ = try app.container.require(Branch.self)
        }
    }

    @Test func undeclaredDependencyViaInstanceForIsNilAndReportedToTheMonitor() throws {
        let profile = StartupProfile()
        let registry = try makeRegistry()
        registry.monitor = profile
        let sawNil = RunCounter()
        let app = try registry.configure(
            options: .testing,
            overrides: [
                cached(Leaf.self) { _ in Leaf() },
                cached(Branch.self) { container in
                    if container.instance(for: Leaf.self) == nil { sawNil.increment() }
                    return Branch(leaf: Leaf())
                },
            ])
        _ = try app.container.require(Branch.self)
        #expect(sawNil.value == 1)
        #expect(
            profile.failures.map(\.error) == [
                .undeclaredDependency(
                    component: ComponentError.typeName(of: Branch.self),
                    requested: ComponentError.typeName(of: Leaf.self))
            ])
    }

    @Test func optionalDependencyWithoutProviderIsNilInTheFactory() throws {
        let app = try makeApp([
            cached(Branch.self, dependencies: [.optional(Leaf.self)]) { container in
                Branch(leaf: container.instance(for: Leaf.self) ?? Leaf())
            }
        ])
        #expect(app.container.instance(for: Branch.self) != nil)
    }

    @Test func aComponentErrorThrownByAFactoryPassesThroughUnchanged() throws {
        let app = try makeApp([
            cached(Branch.self, dependencies: [.optional(Leaf.self)]) { Branch(leaf: try $0.require(Leaf.self)) }
        ])
        expectComponentError(.notRegistered(type: ComponentError.typeName(of: Leaf.self))) {
            _ = try app.container.require(Branch.self)
        }
    }

    @Test func theContainerKnowsItsApp() throws {
        let app = try makeApp(name: "weak-app", [])
        #expect(app.container.app === app)
        #expect(app.container.appName == "weak-app")
    }

    @Test func theFactoryContainerSeesTheApp() throws {
        let seen = RunCounter()
        let app = try makeApp(
            name: "seen",
            [
                cached(Leaf.self) { container in
                    if container.app?.name == "seen" { seen.increment() }
                    return Leaf()
                }
            ])
        _ = app.container.instance(for: Leaf.self)
        #expect(seen.value == 1)
    }
}
