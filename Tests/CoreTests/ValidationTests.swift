// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

// Types for cycles: A -> B -> C -> A.
private final class CycleA: Sendable {}
private final class CycleB: Sendable {}
private final class CycleC: Sendable {}
private final class Outside: Sendable {}

private func name<T>(_ type: T.Type) -> String { ComponentError.typeName(of: type) }

@Suite("Graph validation at configure")  // Component System guide, "Validation errors" and "Overrides"
struct ValidationTests {
    @Test func twoLibrariesProvidingOneTypeIsDuplicateComponentNamingBoth() throws {
        let registry = try makeRegistry([
            ("flint-one", [cached(Leaf.self) { _ in Leaf() }]),
            ("flint-two", [cached(Leaf.self) { _ in Leaf() }]),
        ])
        #expect(
            throws: ComponentError.duplicateComponent(type: name(Leaf.self), libraries: ["flint-one", "flint-two"])
        ) {
            try registry.configure(options: .testing)
        }
        #expect(registry.allApps.isEmpty)
    }

    @Test func oneLibraryProvidingATypeTwiceIsDuplicate() throws {
        let registry = try makeRegistry([
            ("flint-one", [cached(Leaf.self) { _ in Leaf() }, cached(Leaf.self) { _ in Leaf() }])
        ])
        #expect(
            throws: ComponentError.duplicateComponent(type: name(Leaf.self), libraries: ["flint-one", "flint-one"])
        ) {
            try registry.configure(options: .testing)
        }
    }

    @Test func anExtraTypeCollidingWithAnotherComponentIsDuplicate() throws {
        let registry = try makeRegistry([
            (
                "flint-one",
                [Component(FakeAccountService.self, alsoProviding: [.type(UserSide.self) { $0 }]) { _, _ in nil }]
            ),
            ("flint-two", [Component(UserSide.self) { _, _ in nil }]),
        ])
        #expect(
            throws: ComponentError.duplicateComponent(type: name(UserSide.self), libraries: ["flint-one", "flint-two"])
        ) {
            try registry.configure(options: .testing)
        }
    }

    @Test func twoOverridesForOneTypeAreDuplicate() {
        #expect(
            throws: ComponentError.duplicateComponent(type: name(Leaf.self), libraries: ["overrides", "overrides"])
        ) {
            try makeApp([cached(Leaf.self) { _ in Leaf() }, cached(Leaf.self) { _ in Leaf() }])
        }
    }

    // Overrides replace library components (Component System guide, "Overrides").
    @Test func overrideReplacesTheLibraryComponent() throws {
        let libraryRuns = RunCounter()
        let registry = try makeRegistry([("flint-one", [cached(Leaf.self, runs: libraryRuns) { _ in Leaf() }])])
        let fake = Leaf()
        let app = try registry.configure(options: .testing, overrides: [.instance(fake, as: Leaf.self)])
        #expect(app.container.instance(for: Leaf.self) === fake)
        #expect(libraryRuns.value == 0)
    }

    @Test func overrideAddsATypeNoLibraryProvides() throws {
        let fake = Leaf()
        let app = try makeRegistry([("flint-one", [])]).configure(
            options: .testing, overrides: [.instance(fake, as: Leaf.self)])
        #expect(app.container.instance(for: Leaf.self) === fake)
    }

    @Test func overrideAlsoResolvesTheDuplicateBetweenLibraries() throws {
        let registry = try makeRegistry([
            ("flint-one", [cached(Leaf.self) { _ in Leaf() }]),
            ("flint-two", [cached(Leaf.self) { _ in Leaf() }]),
        ])
        let fake = Leaf()
        let app = try registry.configure(options: .testing, overrides: [.instance(fake, as: Leaf.self)])
        #expect(app.container.instance(for: Leaf.self) === fake)
    }

    @Test func overridesAreValidatedToo() {
        #expect(throws: ComponentError.missingDependency(component: name(Branch.self), dependency: name(Leaf.self))) {
            try makeApp([cached(Branch.self, dependencies: [.required(Leaf.self)]) { _ in nil }])
        }
    }

    @Test func missingRequiredDependencyNamesComponentAndDependency() throws {
        let registry = try makeRegistry([
            ("flint-one", [cached(Root.self, dependencies: [.required(Branch.self)]) { _ in nil }])
        ])
        #expect(throws: ComponentError.missingDependency(component: name(Root.self), dependency: name(Branch.self))) {
            try registry.configure(options: .testing)
        }
    }

    @Test func missingRequiredProviderDependencyIsMissing() {
        #expect(throws: ComponentError.missingDependency(component: name(Root.self), dependency: name(Branch.self))) {
            try makeApp([cached(Root.self, dependencies: [.provider(Branch.self)]) { _ in nil }])
        }
    }

    @Test func missingOptionalDependencyIsFine() throws {
        let app = try makeApp([
            cached(Root.self, dependencies: [.optional(Branch.self), .provider(Leaf.self, isRequired: false)]) { _ in
                nil
            }
        ])
        #expect(app.container.instance(for: Root.self) == nil)
    }

    @Test func cycleNamesEveryMemberInCycleOrder() {
        // Registered out of order; the cycle is reported from its first-registered member, following
        // dependencies: C depends on A, A on B, B on C.
        #expect(throws: ComponentError.dependencyCycle([name(CycleC.self), name(CycleA.self), name(CycleB.self)])) {
            try makeApp([
                cached(CycleC.self, dependencies: [.required(CycleA.self)]) { _ in nil },
                cached(Outside.self, dependencies: [.required(CycleC.self)]) { _ in nil },
                cached(CycleA.self, dependencies: [.required(CycleB.self)]) { _ in nil },
                cached(CycleB.self, dependencies: [.optional(CycleC.self)]) { _ in nil },
            ])
        }
    }

    @Test func selfDependencyIsACycleOfOne() {
        #expect(throws: ComponentError.dependencyCycle([name(CycleA.self)])) {
            try makeApp([cached(CycleA.self, dependencies: [.optional(CycleA.self)]) { _ in nil }])
        }
    }

    @Test func cycleThroughASetIsDetected() {
        #expect(
            throws: ComponentError.dependencyCycle(["[\(name(Plugin.self))] from overrides #0", name(CycleA.self)])
        ) {
            try makeApp([
                Component.contribution(to: Plugin.self, dependencies: [.required(CycleA.self)]) { _, _ in nil },
                cached(CycleA.self, dependencies: [.set(Plugin.self)]) { _ in nil },
            ])
        }
    }

    @Test func aCycleThroughTheLastMemberOfASetIsDetected() {
        #expect(
            throws: ComponentError.dependencyCycle(["[\(name(Plugin.self))] from overrides #1", name(CycleA.self)])
        ) {
            try makeApp([
                Component.contribution(to: Plugin.self) { _, _ in nil },
                Component.contribution(to: Plugin.self, dependencies: [.required(CycleA.self)]) { _, _ in nil },
                cached(CycleA.self, dependencies: [.set(Plugin.self)]) { _ in nil },
            ])
        }
    }

    @Test func sharedDependenciesAreNotCycles() throws {
        // A diamond (Root needs Branch and Outside, both need Leaf) reached in both orders, plus a set whose
        // members share a dependency: every path meets finished slots, none meets the current path.
        let app = try makeApp([
            cached(Leaf.self) { _ in Leaf() },
            cached(Branch.self, dependencies: [.required(Leaf.self)]) { Branch(leaf: try $0.require(Leaf.self)) },
            cached(Outside.self, dependencies: [.required(Leaf.self)]) { _ in Outside() },
            cached(Root.self, dependencies: [.required(Branch.self), .required(Outside.self), .set(Plugin.self)]) { _ in
                nil
            },
            Component.contribution(to: Plugin.self, dependencies: [.required(Branch.self)]) { _, _ in nil },
            Component.contribution(to: Plugin.self, dependencies: [.required(Leaf.self)]) { _, _ in nil },
        ])
        #expect(app.container.instance(for: Branch.self) != nil)
    }

    @Test func providerEdgesDoNotCountAsCycles() throws {
        let app = try makeApp([
            cached(CycleA.self, dependencies: [.provider(CycleB.self)]) { _ in CycleA() },
            cached(CycleB.self, dependencies: [.required(CycleA.self)]) { _ in CycleB() },
        ])
        #expect(app.container.instance(for: CycleB.self) != nil)
    }

    @Test func duplicatesAreReportedBeforeMissingAndMissingBeforeCycles() {
        #expect(
            throws: ComponentError.duplicateComponent(type: name(Leaf.self), libraries: ["overrides", "overrides"])
        ) {
            try makeApp([
                cached(Leaf.self) { _ in nil }, cached(Leaf.self) { _ in nil },
                cached(Root.self, dependencies: [.required(Branch.self)]) { _ in nil },
            ])
        }
        #expect(throws: ComponentError.missingDependency(component: name(Root.self), dependency: name(Branch.self))) {
            try makeApp([
                cached(Root.self, dependencies: [.required(Branch.self)]) { _ in nil },
                cached(CycleA.self, dependencies: [.required(CycleA.self)]) { _ in nil },
            ])
        }
    }

    @Test func dependenciesOnTypesPlacedLaterResolve() throws {
        // Root is placed before Branch, Leaf and the extra type Greeter it depends on, in another library: its
        // links are completed once every type is placed.
        let registry = try makeRegistry([
            (
                "flint-one",
                [
                    cached(Root.self, dependencies: [.required(Branch.self), .required((any Greeter).self)]) {
                        #expect(try $0.require((any Greeter).self).greet() == "hello")
                        return Root(branch: try $0.require(Branch.self))
                    }
                ]
            ),
            (
                "flint-two",
                [
                    cached(Branch.self, dependencies: [.required(Leaf.self)]) {
                        Branch(leaf: try $0.require(Leaf.self))
                    },
                    cached(Leaf.self) { _ in Leaf() },
                    Component(EnglishGreeter.self, alsoProviding: [.type((any Greeter).self) { $0 }]) {
                        _, isCacheable in
                        isCacheable = true
                        return EnglishGreeter()
                    },
                ]
            ),
        ])
        let app = try registry.configure(options: .testing)
        let root = try app.container.require(Root.self)
        #expect(root.branch === (try app.container.require(Branch.self)))
        #expect(app.container.graph.unresolved.isEmpty)
    }

    @Test func theFirstMissingDependencyInRegistrationOrderIsReported() {
        // Root's first dependency is placed later, its second is missing; Outside, placed before Root, also
        // misses one: Outside's is reported, then (without Outside) Root's second.
        #expect(throws: ComponentError.missingDependency(component: name(Outside.self), dependency: name(CycleA.self)))
        {
            try makeApp([
                cached(Outside.self, dependencies: [.optional(CycleB.self), .required(CycleA.self)]) { _ in nil },
                cached(Root.self, dependencies: [.required(Branch.self), .required(CycleC.self)]) { _ in nil },
                cached(Branch.self) { _ in nil },
            ])
        }
        #expect(throws: ComponentError.missingDependency(component: name(Root.self), dependency: name(CycleC.self))) {
            try makeApp([
                cached(Root.self, dependencies: [.required(Branch.self), .required(CycleC.self)]) { _ in nil },
                cached(Branch.self) { _ in nil },
            ])
        }
    }

    @Test func aLongChainValidatesWithoutRecursion() async throws {
        // 20,000 components in one dependency chain: validation is iterative, so no stack overflow. Seconds of
        // work in a debug build: done on a thread of its own, so the other tests' tasks keep the cooperative pool.
        let nodeCount = await onThread { () -> Int? in
            let components = ChainBuilder.components(count: 20_000)
            return try? makeApp(components).container.graph.nodes.count
        }
        #expect(nodeCount == 20_000)
    }
}

/// Builds N distinct types (nested generics over bits) each depending on the previous one.
enum ChainBuilder {
    enum End: Sendable {}
    enum Zero<Rest>: Sendable {}
    enum One<Rest>: Sendable {}

    static func components(count: Int) -> [Component] {
        var result: [Component] = []
        result.reserveCapacity(count)
        var previous: Dependency?
        for index in 0..<count {
            build(bits: index, depth: 15, rest: End.self) {
                (type: Any.Type, make: (Dependency?) -> (Component, Dependency)) in
                let (component, dependency) = make(previous)
                result.append(component)
                previous = dependency
            }
        }
        return result
    }

    private static func build<Rest: Sendable>(
        bits: Int, depth: Int, rest: Rest.Type,
        _ body: (Any.Type, (Dependency?) -> (Component, Dependency)) -> Void
    ) {
        if depth == 0 {
            body(Rest.self) { previous in
                (Component(Rest.self, dependencies: previous.map { [$0] } ?? []) { _, _ in nil }, .required(Rest.self))
            }
        } else if bits & 1 == 0 {
            build(bits: bits >> 1, depth: depth - 1, rest: Zero<Rest>.self, body)
        } else {
            build(bits: bits >> 1, depth: depth - 1, rest: One<Rest>.self, body)
        }
    }
}
