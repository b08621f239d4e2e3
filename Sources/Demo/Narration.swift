// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Prints the tour: numbered sections, each with a one-line explanation, followed by what happened.
///
/// Lines the tour prints itself start with `-`; lines printed by component code that Flint ran on the tour's
/// behalf (factories, delete hooks) start with `↳`, so a reader can tell who did what.
struct Narrator {
    private var number = 0

    /// Starts the next numbered section.
    mutating func section(_ title: String, _ explanation: String) {
        number += 1
        print("")
        print("\(number). \(title)")
        print("   \(explanation)")
    }

    /// An observation made by the tour.
    func show(_ line: String) {
        print("   - \(line)")
    }

    /// A detail of the previous observation.
    func detail(_ line: String) {
        print("       \(line)")
    }

    /// A block of text (a graph, a report), indented under the section.
    func block(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            print("     \(line)")
        }
    }
}

/// Printed by component code (a factory, a delete hook) when Flint runs it.
func componentSays(_ who: String, _ text: String) {
    print("   ↳ \(who): \(text)")
}

/// Short per-kind serial numbers (`DemoAuth #2`), so that "same instance" and "different instance" can be
/// read off the output.
enum Serial {
    private static let counters = Locked<[String: Int]>([:])

    /// The next number for `kind`, starting at 1.
    static func next(_ kind: String) -> Int {
        counters.withLock { counters in
            counters[kind, default: 0] += 1
            return counters[kind]!
        }
    }
}

/// `ComponentError.missingDependency` for an error value: the enum, the case, no payload.
func caseName(of error: any Error) -> String {
    let caseLabel = Mirror(reflecting: error).children.first?.label ?? String(describing: error)
    return "\(type(of: error)).\(caseLabel)"
}
