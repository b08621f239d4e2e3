// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A comparison in a condition.
public enum RemoteConfigComparison: Sendable, Hashable {
    /// `==`
    case equal
    /// `!=`
    case notEqual
    /// `<`
    case less
    /// `<=`
    case lessOrEqual
    /// `>`
    case greater
    /// `>=`
    case greaterOrEqual

    /// Whether the comparison holds for an ordering result (-1 for less, 0 for equal, 1 for greater).
    public func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }

    /// Dotted versions compared part by part as numbers (missing parts are 0; a non-numeric part compares as text):
    /// -1, 0 or 1.
    public static func compareVersions(_ left: String, _ right: String) -> Int {
        let leftParts = left.split(separator: ".", omittingEmptySubsequences: false)
        let rightParts = right.split(separator: ".", omittingEmptySubsequences: false)
        for index in 0..<max(leftParts.count, rightParts.count) {
            let leftPart = index < leftParts.count ? leftParts[index] : "0"
            let rightPart = index < rightParts.count ? rightParts[index] : "0"
            if let l = Int(leftPart), let r = Int(rightPart) {
                if l != r { return l < r ? -1 : 1 }
            } else if leftPart != rightPart {
                return leftPart < rightPart ? -1 : 1
            }
        }
        return 0
    }
}
