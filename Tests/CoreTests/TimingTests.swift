// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

private final class Always: Sendable {}
private final class DefaultOnly: Sendable {}
private final class Lazy: Sendable {}
private final class EagerFresh: Sendable {}

@Suite("Instantiation timing")  // Component System guide, "Instantiation timing"
struct TimingTests {
    private struct Counters {
        let always = RunCounter(), defaultOnly = RunCounter(), lazy = RunCounter(), fresh = RunCounter()
    }

    private func registry(_ counters: Counters) throws -> AppRegistry {
        try makeRegistry([
            (
                "flint-timing",
                [
                    cached(Always.self, timing: .alwaysEager, runs: counters.always) { _ in Always() },
                    cached(DefaultOnly.self, timing: .eagerInDefaultApp, runs: counters.defaultOnly) { _ in
                        DefaultOnly()
                    },
                    cached(Lazy.self, runs: counters.lazy) { _ in Lazy() },
                    Component(EagerFresh.self, timing: .alwaysEager) { _, _ in
                        counters.fresh.increment()
                        return EagerFresh()
                    },
                ]
            )
        ])
    }

    @Test func defaultAppCreatesBothEagerKindsAndNotLazy() throws {
        let counters = Counters()
        let app = try registry(counters).configure(options: .testing)
        #expect(counters.always.value == 1)
        #expect(counters.defaultOnly.value == 1)
        #expect(counters.lazy.value == 0)
        // Eager cached instances are the ones later requests get.
        _ = app.container.instance(for: Always.self)
        _ = app.container.instance(for: DefaultOnly.self)
        #expect(counters.always.value == 1 && counters.defaultOnly.value == 1)
        _ = app.container.instance(for: Lazy.self)
        #expect(counters.lazy.value == 1)
    }

    @Test func namedAppCreatesOnlyAlwaysEager() throws {
        let counters = Counters()
        let app = try registry(counters).configure(name: "named", options: .testing)
        #expect(counters.always.value == 1)
        #expect(counters.defaultOnly.value == 0)
        _ = app.container.instance(for: DefaultOnly.self)
        #expect(counters.defaultOnly.value == 1)
    }

    @Test func nonCacheableEagerComponentIsCreatedOnceAndDropped() throws {
        let counters = Counters()
        let app = try registry(counters).configure(name: "named", options: .testing)
        #expect(counters.fresh.value == 1)
        let first = app.container.instance(for: EagerFresh.self)
        #expect(counters.fresh.value == 2)
        #expect(first !== app.container.instance(for: EagerFresh.self))
    }

    @Test func eagerFactoriesRunAfterTheAppIsPublished() throws {
        let sawPublishedApp = RunCounter()
        let registry = AppRegistry()
        try registry.register(
            libraryName: "flint-eager", version: "1",
            components: {
                [
                    cached(Always.self, timing: .alwaysEager) { container in
                        if let app = container.app, registry.app(name: "published") === app {
                            sawPublishedApp.increment()
                        }
                        return Always()
                    }
                ]
            })
        try registry.configure(name: "published", options: .testing)
        #expect(sawPublishedApp.value == 1)
    }

    @Test func aFailingEagerFactoryDoesNotFailConfigureAndIsReported() throws {
        let profile = StartupProfile()
        let registry = try makeRegistry([
            ("flint-eager", [Component(Always.self, timing: .alwaysEager) { _, _ in throw BoomError() }])
        ])
        registry.monitor = profile
        let app = try registry.configure(name: "survives", options: .testing)
        #expect(registry.app(name: "survives") === app)
        #expect(
            profile.failures.map(\.error) == [
                .factoryFailed(type: ComponentError.typeName(of: Always.self), reason: "boom")
            ])
    }

    @Test func lazyIsTheDefaultTiming() {
        #expect(Component(Lazy.self) { _, _ in nil }.timing == .lazy)
    }
}
