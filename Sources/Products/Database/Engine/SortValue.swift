// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a child sorts by under a value-like order (by priority, value or child): null < false < true <
/// numbers (integers and doubles by value, exactly) < strings < objects, as the SDK's `FValueIndex`/`FPriorityIndex`. Objects all compare equal (ties
/// are broken by key).
enum SortValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int64)
    case string(String)
    case object

    /// The node's value as a sort value.
    init(_ node: DatabaseNode) {
        if node.isNull {
            self = .null
        } else if let leaf = node.leaf {
            switch leaf {
            case .bool(let bool): self = .bool(bool)
            case .number(let number): self = .number(number)
            case .integer(let integer): self = .integer(integer)
            case .string(let string): self = .string(string)
            }
        } else {
            self = .object
        }
    }

    /// The node's priority as a sort value (none sorts first, then numbers, then strings).
    init(priorityOf node: DatabaseNode) {
        switch node.priority {
        case nil, .serverValue?: self = .null  // a placeholder is only in a write's wire form
        case .number(let number)?: self = .number(number)
        case .string(let string)?: self = .string(string)
        }
    }

    private var rank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .number, .integer: 2
        case .string: 3
        case .object: 4
        }
    }

    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    static func compare(_ a: SortValue, _ b: SortValue) -> Int {
        switch (a, b) {
        case (.bool(let x), .bool(let y)):
            return x == y ? 0 : (x ? 1 : -1)
        case (.number(let x), .number(let y)):
            return x == y ? 0 : (x < y ? -1 : 1)
        case (.integer(let x), .integer(let y)):
            return x == y ? 0 : (x < y ? -1 : 1)
        case (.integer(let x), .number(let y)):
            return NumericOrder.compare(x, y)
        case (.number(let x), .integer(let y)):
            return -NumericOrder.compare(y, x)
        case (.string(let x), .string(let y)):
            // Code units, as the SDK compares strings.
            if x.utf16.elementsEqual(y.utf16) { return 0 }
            return x.utf16.lexicographicallyPrecedes(y.utf16) ? -1 : 1
        default:
            return a.rank == b.rank ? 0 : (a.rank < b.rank ? -1 : 1)
        }
    }
}
