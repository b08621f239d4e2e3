// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension DatabaseNode {
    /// The node as the SDK's `DataSnapshot.value` gives it: nil for null; `Bool`, `String`; an integer as `Int`
    /// (exactly, to `Int64.max`), a double as `Int` when it is integral and exactly representable (|n| ≤ 2^53),
    /// otherwise `Double`; children as
    /// `[String: Any]`, or as `[Any]` by the SDK's array rule — every key a non-negative integer (ASCII digits,
    /// no leading zero) and the largest below twice the number of children — with `NSNull()` in the gaps.
    /// Priorities are left out (see ``exportValue``).
    var value: Any? { export(withPriorities: false) }

    /// The node as the SDK's `DataSnapshot.valueInExportFormat`: like ``value`` but never as arrays, and with
    /// each priority under `".priority"` (a prioritized leaf as `[".value": v, ".priority": p]`).
    var exportValue: Any? { export(withPriorities: true) }

    private func export(withPriorities: Bool) -> Any? {
        if isNull { return nil }
        var result: Any
        if let leaf {
            result = Self.export(leaf)
            guard withPriorities, let priority else { return result }
            return [".value": result, ".priority": Self.export(priority)] as [String: Any]
        }
        let children = children
        if !withPriorities, let array = Self.array(children) {
            return array
        }
        var dictionary = [String: Any](minimumCapacity: children.count + 1)
        for child in children {
            dictionary[child.key] = child.node.export(withPriorities: withPriorities)
        }
        if withPriorities, let priority { dictionary[".priority"] = Self.export(priority) }
        result = dictionary
        return result
    }

    /// `children` as an array by the SDK's rule, or nil.
    private static func array(_ children: [Child]) -> [Any]? {
        var maximum = -1
        var indexed: [(Int, Child)] = []
        indexed.reserveCapacity(children.count)
        for child in children {
            // A key with a leading zero ("01") is a string to the SDK, as "0" alone is not.
            guard child.key == "0" || !child.key.hasPrefix("0"),
                child.key.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let index = Int(child.key)
            else { return nil }
            maximum = max(maximum, index)
            indexed.append((index, child))
        }
        guard maximum < 2 * children.count else { return nil }
        var array = [Any](repeating: NSNull(), count: maximum + 1)
        for (index, child) in indexed {
            array[index] = child.node.export(withPriorities: false) ?? NSNull()
        }
        return array
    }

    private static func export(_ leaf: Leaf) -> Any {
        switch leaf {
        case .bool(let bool): bool
        case .string(let string): string
        case .number(let number): export(number)
        case .integer(let integer): Int(integer)
        }
    }

    private static func export(_ priority: Priority) -> Any {
        switch priority {
        case .string(let string): string
        case .number(let number): export(number)
        case .serverValue(let placeholder): placeholder.exportValue ?? NSNull()
        }
    }

    private static func export(_ number: Double) -> Any {
        if number.rounded() == number, abs(number) <= 9_007_199_254_740_992, let integer = Int(exactly: number) {
            return integer
        }
        return number
    }
}
