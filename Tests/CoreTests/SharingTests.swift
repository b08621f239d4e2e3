// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

// The combined-protocol pattern exactly as the component guide writes it (the Component System guide, "Sharing one instance between several protocols"; originally Firebase's component guide, "Providing Multiple
// Components and Sharing Instances"), plus Flint's direct alternatives: multi-type components, set
// contributions and provider dependencies.

protocol UserSide: AnyObject, Sendable { var userID: String? { get } }
protocol SignInSide: AnyObject, Sendable { func signIn() -> String }
/// The private combined protocol.
protocol CombinedSide: UserSide, SignInSide {}
final class FakeAccountService: CombinedSide {
    func signIn() -> String { "uid-1" }
    var userID: String? { "uid-1" }
}

private func combinedProtocolComponents(runs: RunCounter) -> [Component] {
    let combinedDependency = Dependency.required(CombinedSide.self)
    return [
        Component(CombinedSide.self) { _, isCacheable in
            runs.increment()
            isCacheable = true
            return FakeAccountService()
        },
        // No need to cache: the combined component's cached instance is returned.
        Component(UserSide.self, dependencies: [combinedDependency]) { container, _ in
            container.instance(for: CombinedSide.self)
        },
        Component(SignInSide.self, dependencies: [combinedDependency]) { container, _ in
            container.instance(for: CombinedSide.self)
        },
    ]
}

@Suite("Sharing one instance: combined protocol, multi-type components, sets, providers", .timeLimit(.minutes(3)))
struct SharingTests {
    @Test func combinedProtocolPatternSharesOneInstance() throws {
        let runs = RunCounter()
        let registry = try makeRegistry([("flint-account", combinedProtocolComponents(runs: runs))])
        let app = try registry.configure(options: .testing)
        let user = try app.container.require(UserSide.self)
        let signIn = try app.container.require(SignInSide.self)
        let combined = try app.container.require(CombinedSide.self)
        #expect(user === signIn)
        #expect(user === combined)
        #expect(runs.value == 1)
    }

    @Test func combinedProtocolInstancesDifferPerApp() throws {
        let runs = RunCounter()
        let registry = try makeRegistry([("flint-account", combinedProtocolComponents(runs: runs))])
        let first = try registry.configure(name: "one", options: .testing)
        let second = try registry.configure(name: "two", options: .testing)
        #expect(first.container.instance(for: UserSide.self) !== second.container.instance(for: UserSide.self))
        #expect(runs.value == 2)
    }

    @Test func multiTypeComponentServesOneInstanceUnderEveryType() throws {
        let runs = RunCounter()
        let app = try makeApp([
            Component(
                FakeAccountService.self,
                alsoProviding: [.type(UserSide.self) { $0 }, .type(SignInSide.self) { $0 }]
            ) { _, isCacheable in
                runs.increment()
                isCacheable = true
                return FakeAccountService()
            }
        ])
        let signIn = try app.container.require(SignInSide.self)
        let user = try app.container.require(UserSide.self)
        let concrete = try app.container.require(FakeAccountService.self)
        #expect(user === signIn && user === concrete)
        #expect(runs.value == 1)
    }

    @Test func multiTypeComponentThatIsNotCacheableGivesFreshInstancesUnderEachType() throws {
        let app = try makeApp([
            Component(FakeAccountService.self, alsoProviding: [.type(UserSide.self) { $0 }]) { _, _ in
                FakeAccountService()
            }
        ])
        #expect(app.container.instance(for: UserSide.self) !== app.container.instance(for: UserSide.self))
    }

    @Test func anOverrideOfOneExtraTypeReplacesOnlyThatType() throws {
        let registry = try makeRegistry([
            (
                "flint-account",
                [
                    Component(
                        FakeAccountService.self,
                        alsoProviding: [.type(UserSide.self) { $0 }, .type(SignInSide.self) { $0 }]
                    ) { _, c in
                        c = true
                        return FakeAccountService()
                    }
                ]
            )
        ])
        let replacement = FakeAccountService()
        let app = try registry.configure(options: .testing, overrides: [.instance(replacement, as: UserSide.self)])
        #expect(app.container.instance(for: UserSide.self) === replacement)
        #expect(app.container.instance(for: SignInSide.self) === app.container.instance(for: FakeAccountService.self))
        #expect(app.container.instance(for: SignInSide.self) !== replacement)
    }

    @Test func setContributionsResolveTogetherInRegistrationOrder() throws {
        let registry = try makeRegistry([
            ("lib-a", [Component.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "a") }]),
            (
                "lib-b",
                [
                    Component.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "b1") },
                    Component.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "b2") },
                ]
            ),
        ])
        let app = try registry.configure(
            options: .testing,
            overrides: [
                cached(Leaf.self, dependencies: [.set(Plugin.self)]) { container in
                    let names = try container.all(Plugin.self).map(\.name)
                    #expect(names == ["a", "b1", "b2"])
                    return Leaf()
                }
            ])
        #expect(try app.container.all(Plugin.self).map(\.name) == ["a", "b1", "b2"])
        #expect(app.container.instance(for: Leaf.self) != nil)
    }

    @Test func setWithNoContributionsIsEmptyNotNil() throws {
        let app = try makeApp([])
        #expect(try app.container.all(Plugin.self).isEmpty)
    }

    @Test func setContributionsLeaveOutNilResultsAndCoexistWithAValueComponent() throws {
        let app = try makeApp([
            Component.contribution(to: Plugin.self) { _, _ in nil },
            Component.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "kept") },
            Component(Plugin.self) { _, _ in NamedPlugin(name: "single") },
        ])
        #expect(try app.container.all(Plugin.self).map(\.name) == ["kept"])
        #expect(app.container.instance(for: Plugin.self)?.name == "single")
    }

    @Test func undeclaredSetAccessThrowsInTheFactory() throws {
        let app = try makeApp([
            Component.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "a") },
            cached(Leaf.self) { container in
                _ = try container.all(Plugin.self)
                return Leaf()
            },
        ])
        expectComponentError(
            .undeclaredDependency(
                component: ComponentError.typeName(of: Leaf.self),
                requested: "[\(ComponentError.typeName(of: Plugin.self))]")
        ) {
            _ = try app.container.require(Leaf.self)
        }
    }

    @Test func providerDependencyClosesACycleLegally() throws {
        final class Chicken: Sendable {
            let egg: Provider<Egg>
            init(egg: Provider<Egg>) { self.egg = egg }
        }
        final class Egg: Sendable {
            let chicken: Chicken
            init(chicken: Chicken) { self.chicken = chicken }
        }
        let app = try makeApp([
            cached(Chicken.self, dependencies: [.provider(Egg.self)]) { Chicken(egg: try $0.provider(for: Egg.self)) },
            cached(Egg.self, dependencies: [.required(Chicken.self)]) { Egg(chicken: try $0.require(Chicken.self)) },
        ])
        let chicken = try app.container.require(Chicken.self)
        let egg = try chicken.egg.require()
        #expect(egg.chicken === chicken)
        #expect(chicken.egg.get() === egg)
    }

    @Test func providerResolvedInsideTheFactoryThatItClosesIsACycleError() throws {
        final class Chicken: Sendable {}
        final class Egg: Sendable {}
        let app = try makeApp([
            cached(Chicken.self, dependencies: [.provider(Egg.self)]) { container in
                _ = try container.provider(for: Egg.self).require()  // too early: Egg needs Chicken
                return Chicken()
            },
            cached(Egg.self, dependencies: [.required(Chicken.self)]) {
                _ = try $0.require(Chicken.self)
                return Egg()
            },
        ])
        expectComponentError(
            .dependencyCycle([ComponentError.typeName(of: Chicken.self), ComponentError.typeName(of: Egg.self)])
        ) {
            _ = try app.container.require(Chicken.self)
        }
    }

    @Test func providerOfAnUnregisteredOptionalTypeGivesNil() throws {
        let app = try makeApp([
            cached(Branch.self, dependencies: [.provider(Leaf.self, isRequired: false)]) { container in
                let leaf = try container.provider(for: Leaf.self).get()
                #expect(leaf == nil)
                return Branch(leaf: Leaf())
            }
        ])
        #expect(app.container.instance(for: Branch.self) != nil)
    }

    @Test func providerAfterDeleteThrowsAppDeleted() async throws {
        let app = try makeApp(name: "gone", [cached(Leaf.self) { _ in Leaf() }])
        let provider = try app.container.provider(for: Leaf.self)
        #expect(await app.delete())
        #expect(throws: ComponentError.appDeleted(name: "gone")) { try provider.require() }
    }
}
