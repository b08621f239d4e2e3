// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The value of a custom signal (Firebase's `CustomSignalValue`): a string, an integer or a floating-point
/// number, written as a literal or with ``string(_:)``, ``integer(_:)`` and ``double(_:)``.
///
/// ```swift
/// try await remoteConfig.setCustomSignals(["plan": "pro", "level": 12, "score": 0.5, "old": nil])
/// ```
public struct CustomSignalValue: Sendable, Hashable {
    private enum Kind: Sendable, Hashable {
        case string(String)
        case integer(Int)
        case double(Double)
    }

    private let kind: Kind

    private init(kind: Kind) {
        self.kind = kind
    }

    /// A string signal.
    public static func string(_ string: String) -> Self { Self(kind: .string(string)) }

    /// An integer signal.
    public static func integer(_ integer: Int) -> Self { Self(kind: .integer(integer)) }

    /// A floating-point signal.
    public static func double(_ double: Double) -> Self { Self(kind: .double(double)) }

    /// The value as Firebase sends it in a fetch's `customSignals`: the string itself, or the number's
    /// description (`12`, `0.5`).
    var wireValue: String {
        switch kind {
        case .string(let string): string
        case .integer(let integer): String(integer)
        case .double(let double): String(double)
        }
    }

    /// Whether it is a string (only strings have a length limit).
    var isString: Bool {
        if case .string = kind { return true }
        return false
    }
}

extension CustomSignalValue: ExpressibleByStringInterpolation {
    /// A string signal from a literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension CustomSignalValue: ExpressibleByIntegerLiteral {
    /// An integer signal from a literal.
    public init(integerLiteral value: Int) {
        self = .integer(value)
    }
}

extension CustomSignalValue: ExpressibleByFloatLiteral {
    /// A floating-point signal from a literal.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}
