// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A snapshot of a container's components and dependencies, for documentation and debugging.
///
/// ```swift
/// print(app.container.graph.mermaid)   // paste into any Mermaid renderer
/// print(app.container.graph.dot)       // render with Graphviz: dot -Tsvg
/// ```
public struct ComponentGraph: Sendable, Hashable {
    /// One component.
    public struct Node: Sendable, Hashable {
        /// Whether the node provides a value, contributes to a set, or serves another node's instance as an
        /// extra type.
        public enum Role: String, Sendable, Hashable { case value, contribution, alias }
        /// The instance state when the snapshot was taken.
        public enum InstanceState: String, Sendable, Hashable {
            /// Never created, or its factory returned nil.
            case notCreated = "not created"
            /// Created and cached.
            case cached
            /// Created, but the factory did not cache it (fresh instance per request).
            case uncached
            /// The app was deleted.
            case deleted
        }
        /// A stable identifier within the graph (`n0`, `n1`, …).
        public var id: String
        /// The provided type's fully qualified name (for contributions, `[T]` plus where it comes from).
        public var typeName: String
        /// The registering library, or `"overrides"`.
        public var libraryName: String
        /// When the instance is created.
        public var timing: InstantiationTiming
        /// What the node is.
        public var role: Role
        /// The instance state.
        public var state: InstanceState
    }

    /// A declared dependency from one node to another.
    public struct Edge: Sendable, Hashable {
        /// The kind of dependency.
        public enum Kind: String, Sendable, Hashable { case required, optional, provider, set, deferred }
        /// The depending node's id.
        public var from: String
        /// The node depended on.
        public var to: String
        /// The kind.
        public var kind: Kind
        /// The qualifier of the dependency, nil for an unqualified one (see ``Qualified``). Exports label
        /// qualified edges with it (`@ui`).
        public var qualifier: Qualifier?
    }

    /// Declared dependencies that no component provides (optional ones; required ones fail configure).
    public struct Unresolved: Sendable, Hashable {
        /// The depending node's id.
        public var from: String
        /// The missing type.
        public var typeName: String
    }

    /// The app's name.
    public var appName: String
    /// Every component, in registration order.
    public var nodes: [Node]
    /// Every dependency edge.
    public var edges: [Edge]
    /// Optional dependencies with no provider.
    public var unresolved: [Unresolved]

    init(storage: ContainerStorage) {
        appName = storage.appName
        nodes = storage.allSlots.map { slot in
            let state = storage.state(of: slot.index)
            let role: Node.Role
            switch slot.role {
            case .value: role = .value
            case .contribution: role = .contribution
            case .alias: role = .alias
            }
            return Node(
                id: "n\(slot.index)", typeName: slot.name, libraryName: slot.libraryName,
                timing: slot.timing, role: role, state: state)
        }
        var edges: [Edge] = []
        var unresolved: [Unresolved] = []
        for slot in storage.allSlots {
            for dependency in storage.dependencies(of: slot) {
                let kind: Edge.Kind
                let targets: [Int]
                switch dependency.kind {
                case .direct:
                    kind = dependency.isRequired ? .required : .optional
                    targets = storage.index(of: dependency.key.id).map { [$0] } ?? []
                case .provider:
                    kind = .provider
                    targets = storage.index(of: dependency.key.id).map { [$0] } ?? []
                case .set:
                    kind = .set
                    targets = storage.setMembers(of: dependency.key.id)
                case .deferred:
                    kind = .deferred
                    targets = storage.index(of: dependency.key.id).map { [$0] } ?? []
                }
                if targets.isEmpty && dependency.kind != .set {
                    unresolved.append(Unresolved(from: "n\(slot.index)", typeName: dependency.typeName))
                }
                let qualifier = dependency.qualifier
                edges += targets.map { Edge(from: "n\(slot.index)", to: "n\($0)", kind: kind, qualifier: qualifier) }
            }
        }
        self.edges = edges
        self.unresolved = unresolved
    }

    /// Mermaid flowchart text: one box per component (type, timing, state), arrows to dependencies
    /// (solid: required, dashed: optional, dotted `provider`/`set` labels, qualified ones labelled with their
    /// qualifier, `@ui`), missing optional ones in a dashed box.
    public var mermaid: String {
        var lines = ["flowchart LR"]
        for node in nodes {
            lines.append(
                "    \(node.id)[\"\(Self.escape(Self.shortName(node.typeName)))<br/><small>\(node.timing) · \(node.state.rawValue) · \(node.libraryName)</small>\"]"
            )
        }
        for (index, missing) in unresolved.enumerated() {
            lines.append(
                "    missing\(index)[\"\(Self.escape(Self.shortName(missing.typeName)))<br/><small>not provided</small>\"]"
            )
            lines.append("    style missing\(index) stroke-dasharray: 5 5")
        }
        for edge in edges {
            if let qualifier = edge.qualifier {
                let label = Self.escape(
                    edge.kind == .provider || edge.kind == .deferred
                        ? "\(edge.kind.rawValue) \(qualifier)" : "\(qualifier)")
                let arrow = edge.kind == .required ? "-->" : "-.->"
                lines.append("    \(edge.from) \(arrow)|\"\(label)\"| \(edge.to)")
                continue
            }
            switch edge.kind {
            case .required: lines.append("    \(edge.from) --> \(edge.to)")
            case .optional: lines.append("    \(edge.from) -.-> \(edge.to)")
            case .provider: lines.append("    \(edge.from) -. provider .-> \(edge.to)")
            case .set: lines.append("    \(edge.from) -- set --> \(edge.to)")
            case .deferred: lines.append("    \(edge.from) -. deferred .-> \(edge.to)")
            }
        }
        for (index, missing) in unresolved.enumerated() {
            lines.append("    \(missing.from) -.-> missing\(index)")
        }
        return lines.joined(separator: "\n")
    }

    /// Graphviz DOT text: the same graph as ``mermaid``; cached components are filled, eager ones bold, qualified
    /// edges labelled with their qualifier.
    public var dot: String {
        var lines = [
            "digraph \"\(Self.escape(appName))\" {", "    rankdir=LR;", "    node [shape=box, fontname=\"Helvetica\"];",
        ]
        for node in nodes {
            var style: [String] = []
            if node.state == .cached { style.append("filled") }
            if node.timing != .lazy { style.append("bold") }
            let styleText = style.isEmpty ? "" : ", style=\"\(style.joined(separator: ","))\", fillcolor=\"#e8f0fe\""
            lines.append(
                "    \(node.id) [label=\"\(Self.escape(Self.shortName(node.typeName)))\\n\(node.timing) · \(node.state.rawValue) · \(Self.escape(node.libraryName))\"\(styleText)];"
            )
        }
        for (index, missing) in unresolved.enumerated() {
            lines.append(
                "    missing\(index) [label=\"\(Self.escape(Self.shortName(missing.typeName)))\\nnot provided\", style=dashed];"
            )
            lines.append("    \(missing.from) -> missing\(index) [style=dashed];")
        }
        for edge in edges {
            var attributes: String
            switch edge.kind {
            case .required: attributes = ""
            case .optional: attributes = " [style=dashed]"
            case .provider: attributes = " [style=dotted, label=\"provider\"]"
            case .set: attributes = " [label=\"set\"]"
            case .deferred: attributes = " [style=dotted, label=\"deferred\"]"
            }
            if let qualifier = edge.qualifier {
                let qualifierText = Self.escape("\(qualifier)")
                switch edge.kind {
                case .required: attributes = " [label=\"\(qualifierText)\"]"
                case .optional: attributes = " [style=dashed, label=\"\(qualifierText)\"]"
                case .provider: attributes = " [style=dotted, label=\"provider \(qualifierText)\"]"
                case .deferred: attributes = " [style=dotted, label=\"deferred \(qualifierText)\"]"
                case .set: break
                }
            }
            lines.append("    \(edge.from) -> \(edge.to)\(attributes);")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `Module.Outer.Type` → `Outer.Type`: drops the module prefix of each dotted name for readability; a
    /// qualified name keeps its qualifier (`@ui Module.Executor` → `@ui Executor`).
    static func shortName(_ name: String) -> String {
        if name.hasPrefix("@"), let space = name.firstIndex(of: " ") {
            return name[...space] + shortName(String(name[name.index(after: space)...]))
        }
        guard let dot = name.firstIndex(of: "."), !name.hasPrefix("[") else { return name }
        return String(name[name.index(after: dot)...])
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences("\"", with: "'").replacingOccurrences("<", with: "&lt;").replacingOccurrences(
            ">", with: "&gt;")
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
