// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

// Qualified dependencies, in the spirit of Firebase Android's ComponentRuntimeTest and
// RestrictedComponentContainerTest for `Qualified<T>`: a "background" and a "ui" executor, two components of
// one type told apart by a qualifier.

private final class Executor: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

private final class Renderer: Sendable {
    let executor: Executor
    init(executor: Executor) { self.executor = executor }
}

private final class Node: Sendable {}

private protocol Scheduler: Sendable {}
extension Executor: Scheduler {}

extension Qualifier {
    fileprivate static let background: Qualifier = "background"
    fileprivate static let ui: Qualifier = "ui"
}

private let background = Qualified(Executor.self, .background)
private let ui = Qualified(Executor.self, .ui)

private func name<T>(_ type: T.Type) -> String { ComponentError.typeName(of: type) }

/// A cacheable component for the qualified `key`, returning a new instance from `make`.
private func cached<T: Sendable>(
    _ key: Qualified<T>, dependencies: [Dependency] = [], runs: RunCounter? = nil,
    _ make: @escaping @Sendable (ComponentContainer) throws -> T?
) -> Component {
    Component(key, dependencies: dependencies) { container, isCacheable in
        runs?.increment()
        isCacheable = true
        return try make(container)
    }
}

private func executors() -> [Component] {
    [cached(background) { _ in Executor("background") }, cached(ui) { _ in Executor("ui") }]
}

@Suite("Qualified dependencies")
struct QualifiedDependencyTests {
    @Test func aQualifiedTypePrintsLikeAndroid() {
        #expect(ui.description == "@ui \(name(Executor.self))")
        #expect(Qualifier.ui.description == "@ui")
        #expect(ui.qualifier == "ui")
        #expect(ui.type == Executor.self)
    }

    @Test func qualifiedKeysAreEqualExactlyForTheSameTypeAndQualifier() {
        #expect(Qualified(Executor.self, "ui") == ui)
        #expect(Set([Qualified(Executor.self, "ui"), ui]).count == 1)
        #expect(Qualified(Executor.self, "background") != ui)
        #expect(Qualified(Node.self, "ui").description != ui.description)
    }

    @Test func aQualifiedKeyMadeOnManyThreadsAtOnceIsOneKey() async {
        let keys = await withTaskGroup(of: Qualified<Executor>.self) { group in
            for _ in 0..<64 { group.addTask { Qualified(Executor.self, "concurrent") } }
            return await group.reduce(into: [Qualified<Executor>]()) { $0.append($1) }
        }
        #expect(Set(keys).count == 1)
    }

    @Test func twoQualifiedExecutorsResolveToDifferentInstances() throws {
        let container = try makeApp(executors()).container
        let first = try container.require(background)
        let second = try container.require(ui)
        #expect(first !== second)
        #expect(first.label == "background")
        #expect(second.label == "ui")
        // Every spelling reaches the same cached instance.
        #expect(try container.require(Executor.self, qualifier: "ui") === second)
        #expect(container.instance(for: Executor.self, qualifier: .background) === first)
        #expect(container.instance(for: Qualified(Executor.self, "ui")) === second)
        #expect(container.contains(ui))
        #expect(!container.contains(Qualified(Executor.self, "io")))
    }

    @Test func aComponentDependingOnTheUiExecutorGetsTheUiOne() throws {
        let app = try makeApp(
            executors() + [
                Component(Renderer.self, dependencies: [.required(ui)]) { container, isCacheable in
                    isCacheable = true
                    return Renderer(executor: try container.require(ui))
                }
            ])
        let renderer = try app.container.require(Renderer.self)
        #expect(renderer.executor.label == "ui")
        #expect(renderer.executor === (try app.container.require(ui)))
    }

    @Test func qualifiedAndUnqualifiedComponentsOfOneTypeCoexist() throws {
        let app = try makeRegistry([
            ("flint-plain", [Component.instance(Executor("plain"), as: Executor.self)]),
            ("flint-qualified", executors()),
        ]).configure(options: .testing)
        #expect(try app.container.require(Executor.self).label == "plain")
        #expect(try app.container.require(ui).label == "ui")
        #expect(try app.container.require(background).label == "background")
    }

    @Test func theUnqualifiedTypeIsNotServedByAQualifiedComponent() throws {
        let container = try makeApp(executors()).container
        expectComponentError(.notRegistered(type: name(Executor.self))) { _ = try container.require(Executor.self) }
        expectComponentError(.notRegistered(type: "@io \(name(Executor.self))")) {
            _ = try container.require(Executor.self, qualifier: "io")
        }
        #expect(container.instance(for: Qualified(Executor.self, "io")) == nil)
    }

    @Test func anOptionalQualifiedDependencyWithoutProviderIsNil() throws {
        let app = try makeApp([
            cached(background) { _ in Executor("background") },
            Component(Renderer.self, dependencies: [.optional(ui)]) { container, isCacheable in
                isCacheable = true
                return Renderer(executor: container.instance(for: ui) ?? Executor("fallback"))
            },
        ])
        #expect(try app.container.require(Renderer.self).executor.label == "fallback")
    }

    @Test func aMissingQualifiedDependencyNamesItsQualifier() {
        #expect(
            throws: ComponentError.missingDependency(
                component: name(Renderer.self),
                dependency: "@ui \(name(Executor.self))")
        ) {
            try makeApp([
                cached(background) { _ in Executor("background") },
                Component(Renderer.self, dependencies: [.required(ui)]) { _, _ in nil },
            ])
        }
    }

    @Test func anUnqualifiedComponentDoesNotSatisfyAQualifiedDependency() {
        #expect(
            throws: ComponentError.missingDependency(
                component: name(Renderer.self),
                dependency: "@ui \(name(Executor.self))")
        ) {
            try makeApp([
                .instance(Executor("plain"), as: Executor.self),
                Component(Renderer.self, dependencies: [.required(ui)]) { _, _ in nil },
            ])
        }
    }

    @Test func twoLibrariesProvidingOneQualifiedTypeIsDuplicateNamingTheQualifier() throws {
        let registry = try makeRegistry([
            ("flint-one", [cached(ui) { _ in Executor("one") }]),
            ("flint-two", [cached(ui) { _ in Executor("two") }]),
        ])
        #expect(
            throws: ComponentError.duplicateComponent(
                type: "@ui \(name(Executor.self))",
                libraries: ["flint-one", "flint-two"])
        ) {
            try registry.configure(options: .testing)
        }
        #expect(registry.allApps.isEmpty)
    }

    @Test func aCycleThroughQualifiedComponentsNamesEachQualifiedMember() {
        let first = Qualified(Node.self, "first")
        let second = Qualified(Node.self, "second")
        #expect(throws: ComponentError.dependencyCycle(["@first \(name(Node.self))", "@second \(name(Node.self))"])) {
            try makeApp([
                cached(first, dependencies: [.required(second)]) { _ in Node() },
                cached(second, dependencies: [.required(first)]) { _ in Node() },
            ])
        }
    }

    @Test func aQualifiedProviderDependencyResolvesOnGet() throws {
        let app = try makeApp(
            executors() + [
                Component(
                    Renderer.self,
                    dependencies: [.provider(ui), .provider(Qualified(Executor.self, "io"), isRequired: false)]
                ) {
                    container, isCacheable in
                    isCacheable = true
                    let executor = try container.provider(for: Executor.self, qualifier: .ui)
                    let missing = try container.provider(for: Qualified(Executor.self, "io"))
                    expectComponentError(.notRegistered(type: "@io \(name(Executor.self))")) {
                        _ = try missing.require()
                    }
                    return Renderer(executor: try executor.require())
                }
            ])
        #expect(try app.container.require(Renderer.self).executor.label == "ui")
    }

    @Test func askingForAnUndeclaredQualifierIsUndeclaredDependency() throws {
        let app = try makeApp(
            executors() + [
                Component(Renderer.self, dependencies: [.required(background)]) { container, isCacheable in
                    isCacheable = true
                    return Renderer(executor: try container.require(ui))
                }
            ])
        expectComponentError(
            .undeclaredDependency(
                component: name(Renderer.self),
                requested: "@ui \(name(Executor.self))")
        ) {
            _ = try app.container.require(Renderer.self)
        }
    }

    @Test func aQualifiedDeclarationAllowsNeitherTheUnqualifiedTypeNorAnotherQualifier() throws {
        let app = try makeApp(
            executors() + [
                .instance(Executor("plain"), as: Executor.self),
                Component(Renderer.self, dependencies: [.required(background)]) { container, isCacheable in
                    isCacheable = true
                    expectComponentError(
                        .undeclaredDependency(component: name(Renderer.self), requested: name(Executor.self))
                    ) {
                        _ = try container.require(Executor.self)
                    }
                    expectComponentError(
                        .undeclaredDependency(
                            component: name(Renderer.self),
                            requested: "@ui \(name(Executor.self))")
                    ) {
                        _ = try container.provider(for: ui)
                    }
                    return Renderer(executor: try container.require(Executor.self, qualifier: .background))
                },
            ])
        #expect(try app.container.require(Renderer.self).executor.label == "background")
    }

    @Test func monitorEventsNameTheQualifier() throws {
        let profile = StartupProfile()
        let registry = try makeRegistry()
        registry.monitor = profile
        let app = try registry.configure(
            options: .testing,
            overrides: executors() + [
                Component(Renderer.self, dependencies: [.required(background)]) { container, isCacheable in
                    isCacheable = true
                    return container.instance(for: ui).map { Renderer(executor: $0) }
                }
            ])
        _ = try app.container.require(background)
        #expect(app.container.instance(for: Renderer.self) == nil)
        #expect(profile.creations.map(\.typeName) == ["@background \(name(Executor.self))"])
        #expect(
            profile.failures.map(\.error) == [
                .undeclaredDependency(
                    component: name(Renderer.self),
                    requested: "@ui \(name(Executor.self))")
            ])
        #expect(profile.failures.map(\.typeName) == ["@ui \(name(Executor.self))"])
    }

    @Test func theGraphExportShowsQualifiers() throws {
        let app = try makeApp(
            executors() + [
                Component(Renderer.self, dependencies: [.required(ui), .optional(Qualified(Executor.self, "io"))]) {
                    _, _ in nil
                }
            ])
        let graph = app.container.graph
        #expect(
            graph.nodes.map(\.typeName) == [
                "@background \(name(Executor.self))", "@ui \(name(Executor.self))",
                name(Renderer.self),
            ])
        #expect(
            graph.edges.map { "\($0.from) -> \($0.to) \($0.kind) \($0.qualifier?.description ?? "-")" }
                == ["n2 -> n1 required @ui"])
        #expect(graph.unresolved.map(\.typeName) == ["@io \(name(Executor.self))"])
        let mermaid = graph.mermaid
        #expect(mermaid.contains("n1[\"@ui Executor<br/>"))
        #expect(mermaid.contains("n0[\"@background Executor<br/>"))
        #expect(mermaid.contains("n2 -->|\"@ui\"| n1"))
        #expect(mermaid.contains("missing0[\"@io Executor<br/>"))
        let dot = graph.dot
        #expect(dot.contains("n1 [label=\"@ui Executor\\n"))
        #expect(dot.contains("n2 -> n1 [label=\"@ui\"];"))
    }

    @Test func anOverrideReplacesTheQualifiedComponentWithTheSameQualifierOnly() throws {
        let libraryRuns = RunCounter()
        let registry = try makeRegistry([
            (
                "flint-executors",
                [
                    cached(background, runs: libraryRuns) { _ in Executor("background") },
                    cached(ui, runs: libraryRuns) { _ in Executor("ui") },
                ]
            )
        ])
        let fake = Executor("fake ui")
        let app = try registry.configure(options: .testing, overrides: [.instance(fake, as: ui)])
        #expect(try app.container.require(ui) === fake)
        #expect(libraryRuns.value == 0)
        #expect(try app.container.require(background).label == "background")
        #expect(libraryRuns.value == 1)
        #expect(app.container.graph.nodes.first { $0.typeName == ui.description }?.libraryName == "overrides")
    }

    @Test func anUnqualifiedOverrideDoesNotReplaceAQualifiedComponent() throws {
        let registry = try makeRegistry([
            ("flint-one", [cached(ui) { _ in Executor("one") }]),
            ("flint-two", [cached(ui) { _ in Executor("two") }]),
        ])
        // Only an override keyed `@ui Executor` resolves the duplicate.
        #expect(
            throws: ComponentError.duplicateComponent(
                type: "@ui \(name(Executor.self))",
                libraries: ["flint-one", "flint-two"])
        ) {
            try registry.configure(options: .testing, overrides: [.instance(Executor("plain"), as: Executor.self)])
        }
    }

    @Test func aQualifiedComponentCanServeItsInstanceAsAnotherQualifiedType() throws {
        let main = Qualified(Scheduler.self, "main")
        let app = try makeApp([
            Component(ui, alsoProviding: [.type(main) { $0 }]) { _, isCacheable in
                isCacheable = true
                return Executor("ui")
            }
        ])
        let scheduler = try app.container.require(main)
        #expect((scheduler as? Executor) === (try app.container.require(ui)))
        expectComponentError(.notRegistered(type: name(Scheduler.self))) {
            _ = try app.container.require(Scheduler.self)
        }
        #expect(app.container.graph.nodes.map(\.typeName).contains("@main \(name(Scheduler.self))"))
    }

    @Test func componentsAndDependenciesReportTheirQualifier() {
        #expect(cached(ui) { _ in nil }.qualifier == .ui)
        #expect(cached(ui) { _ in nil }.typeName == "@ui \(name(Executor.self))")
        #expect(Component(Executor.self) { _, _ in nil }.qualifier == nil)
        #expect(Dependency.required(ui).qualifier == .ui)
        #expect(Dependency.required(ui).typeName == "@ui \(name(Executor.self))")
        #expect(Dependency.required(ui).description == "required @ui \(name(Executor.self))")
        #expect(Dependency.required(ui) != Dependency.required(Executor.self))
        #expect(Dependency.optional(Executor.self).qualifier == nil)
    }
}
