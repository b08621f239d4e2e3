// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintCore
import FlintFunctions
import Foundation

/// `flint-demo graph [--dot] [--output FILE] [--svg FILE]`: the component graph of an app with Auth and
/// Functions, as Mermaid (default) or Graphviz DOT text, printed or written to `FILE`; `--svg` renders the DOT
/// text with Graphviz's `dot` when it is installed and says so clearly when it is not.
enum GraphCommand {
    /// What went wrong, for the user.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the command with the arguments after `graph`.
    static func run(_ arguments: [String]) async throws {
        var format = "mermaid"
        var output: String?
        var svg: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--dot": format = "dot"
            case "--mermaid": format = "mermaid"
            case "--output", "-o":
                guard let path = remaining.popFirst() else { throw Failure(description: "--output needs a file name") }
                output = path
            case "--svg":
                guard let path = remaining.popFirst() else { throw Failure(description: "--svg needs a file name") }
                svg = path
            default:
                throw Failure(
                    description:
                        "unknown argument \(argument); usage: flint-demo graph [--dot] [--output FILE] [--svg FILE]")
            }
        }
        let registry = AppRegistry()
        try registry.register(FlintAuth.AuthLibrary.self)
        try registry.register(FlintFunctions.FunctionsLibrary.self)
        let app = try registry.configure(name: "graph", options: DemoOptions.standard)
        let graph = app.container.graph
        await app.delete()
        if let svg {
            try render(dot: graph.dot, toSVG: svg)
            print("wrote \(svg)")
        }
        let text = format == "dot" ? graph.dot : graph.mermaid
        if let output {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
            print("wrote \(output) (\(format == "dot" ? "Graphviz DOT" : "Mermaid"))")
        } else if svg == nil {
            print(text)
        }
    }

    /// Runs `dot -Tsvg -o path` on `dot`.
    private static func render(dot: String, toSVG path: String) throws {
        guard let executable = findInPath("dot") else {
            throw Failure(
                description: "Graphviz's `dot` is not installed (not found in PATH), so no SVG was made. "
                    + "Install Graphviz (for example `apt install graphviz` or `brew install graphviz`), "
                    + "or write the DOT text with `flint-demo graph --dot --output graph.dot` and render it elsewhere.")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-Tsvg", "-o", path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "`dot -Tsvg` failed with status \(process.terminationStatus)")
        }
    }

    /// The first executable named `name` in `PATH`.
    private static func findInPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
