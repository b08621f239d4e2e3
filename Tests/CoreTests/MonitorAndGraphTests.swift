// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite("Monitor hook and graph export")
struct MonitorAndGraphTests {
    @Test func monitorSeesEveryCreationWithTypeAppTimingAndCaching() throws {
        let profile = StartupProfile()
        let registry = try makeRegistry([
            (
                "flint-tree",
                [
                    cached(Leaf.self, timing: .alwaysEager) { _ in Leaf() },
                    cached(Branch.self, dependencies: [.required(Leaf.self)]) {
                        Branch(leaf: try $0.require(Leaf.self))
                    },
                    Component(Root.self, dependencies: [.required(Branch.self)]) { c, _ in
                        Root(branch: try c.require(Branch.self))
                    },
                ]
            )
        ])
        registry.monitor = profile
        let app = try registry.configure(name: "profiled", options: .testing)
        #expect(profile.creations.map(\.typeName) == [ComponentError.typeName(of: Leaf.self)])
        _ = try app.container.require(Root.self)
        let events = profile.creations
        // Factories report when they return: the innermost first.
        #expect(
            events.map(\.typeName) == [
                ComponentError.typeName(of: Leaf.self), ComponentError.typeName(of: Branch.self),
                ComponentError.typeName(of: Root.self),
            ])
        #expect(
            events.allSatisfy { $0.appName == "profiled" && $0.libraryName == "flint-tree" && $0.duration >= .zero })
        #expect(events.map(\.isCached) == [true, true, false])
        #expect(events.map(\.timing) == [.alwaysEager, .lazy, .lazy])
        // The outer factory's duration includes the inner ones.
        #expect(events[2].duration >= events[1].duration)
        let report = profile.report()
        #expect(report.contains("app 'profiled'"))
        #expect(report.contains(ComponentError.typeName(of: Root.self)))
    }

    @Test func anAppConfiguredBeforeTheMonitorWasSetIsNotObserved() throws {
        let registry = try makeRegistry([("lib", [cached(Leaf.self) { _ in Leaf() }])])
        let app = try registry.configure(options: .testing)
        let profile = StartupProfile()
        registry.monitor = profile
        _ = app.container.instance(for: Leaf.self)
        #expect(profile.creations.isEmpty)
    }

    @Test func graphListsNodesEdgesAndStates() throws {
        let app = try makeApp(
            name: "graph",
            [
                cached(Leaf.self, timing: .alwaysEager) { _ in Leaf() },
                cached(Branch.self, dependencies: [.required(Leaf.self), .optional(Root.self)]) { _ in nil },
                Component(Root.self, dependencies: [.provider(Branch.self), .set(Plugin.self)]) { _, _ in
                    Root(branch: Branch(leaf: Leaf()))
                },
                Component.contribution(to: Plugin.self) { _, _ in NamedPlugin(name: "p") },
            ])
        _ = app.container.instance(for: Root.self)
        let graph = app.container.graph
        #expect(graph.appName == "graph")
        #expect(graph.nodes.map(\.state) == [.cached, .notCreated, .uncached, .notCreated])
        #expect(graph.nodes.map(\.timing) == [.alwaysEager, .lazy, .lazy, .lazy])
        #expect(graph.nodes[3].role == .contribution)
        #expect(
            Set(graph.edges.map { "\($0.from)>\($0.to):\($0.kind)" })
                == ["n1>n0:required", "n1>n2:optional", "n2>n1:provider", "n2>n3:set"])
        #expect(graph.unresolved.isEmpty)
    }

    @Test func mermaidAndDotTextDescribeTheGraph() throws {
        let app = try makeApp(
            name: "export",
            [
                cached(Leaf.self) { _ in Leaf() },
                cached(Branch.self, dependencies: [.required(Leaf.self), .optional(Root.self)]) { _ in nil },
            ])
        let mermaid = app.container.graph.mermaid
        #expect(mermaid.hasPrefix("flowchart LR"))
        #expect(mermaid.contains("n1 --> n0"))
        #expect(mermaid.contains("n1 -.-> missing0"))
        #expect(mermaid.contains("Leaf"))
        #expect(mermaid.contains("not provided"))
        let dot = app.container.graph.dot
        #expect(dot.hasPrefix("digraph \"export\" {"))
        #expect(dot.contains("n1 -> n0;"))
        #expect(dot.contains("n1 -> missing0 [style=dashed];"))
        #expect(dot.hasSuffix("}"))
    }

    @Test func multiTypeComponentsAppearAsAliasNodes() throws {
        let app = try makeApp([
            Component(FakeAccountService.self, alsoProviding: [.type(UserSide.self) { $0 }]) { _, _ in nil }
        ])
        let graph = app.container.graph
        #expect(graph.nodes.map(\.role) == [.value, .alias])
        #expect(graph.edges.map { "\($0.from)>\($0.to):\($0.kind)" } == ["n1>n0:required"])
    }
}
