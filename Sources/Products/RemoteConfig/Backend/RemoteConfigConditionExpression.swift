// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a template condition tests (a subset of Firebase's condition language).
public indirect enum RemoteConfigConditionExpression: Sendable, Hashable {
    /// Always true.
    case `true`
    /// Always false.
    case `false`
    /// The client's app ID is one of these.
    case appID([String])
    /// The client's app version compares to `version` by `comparison` (dotted numbers, compared part by part);
    /// false when the client sends no version.
    case appVersion(RemoteConfigComparison, String)
    /// The installation falls in the percentile range `lowerBound..<upperBound` (0…100, to a millionth of a
    /// percent), by a stable hash of `seed` and the installation ID (``RemoteConfigPercentile``).
    case percent(lowerBound: Double, upperBound: Double, seed: String = "")
    /// The Analytics user property `name` compares to `value` by `comparison` (numerically when both are numbers,
    /// else as text); false when the property is not set.
    case userProperty(String, RemoteConfigComparison, String)
    /// Every expression matches.
    case all([RemoteConfigConditionExpression])
    /// At least one expression matches.
    case any([RemoteConfigConditionExpression])
    /// The expression does not match.
    case not(RemoteConfigConditionExpression)

    /// Whether the client described by `request` matches. An expression nested deeper than
    /// ``RemoteConfigTemplate/maximumConditionDepth`` levels never matches (``RemoteConfigTemplate/validate()``
    /// refuses it), so evaluation never recurses without bound.
    public func matches(_ request: RemoteConfigFetchRequest) -> Bool {
        matches(request, depth: 1)
    }

    private func matches(_ request: RemoteConfigFetchRequest, depth: Int) -> Bool {
        guard depth <= RemoteConfigTemplate.maximumConditionDepth else { return false }
        switch self {
        case .true: return true
        case .false: return false
        case .appID(let ids): return ids.contains(request.appID)
        case .appVersion(let comparison, let version):
            guard let appVersion = request.appVersion else { return false }
            return comparison.holds(RemoteConfigComparison.compareVersions(appVersion, version))
        case .percent(let lower, let upper, let seed):
            let percentile = RemoteConfigPercentile.microPercentile(seed: seed, installationID: request.installationID)
            // Bounds count to a millionth of a percent: compared as whole millionths, so that a bound such as
            // `percentile / 1_000_000` means that percentile whatever the rounding of the division.
            let micro = Double(percentile)
            return micro >= (lower * 1_000_000).rounded() && micro < (upper * 1_000_000).rounded()
        case .userProperty(let name, let comparison, let value):
            guard let actual = request.userProperties[name] else { return false }
            if let left = Double(actual), let right = Double(value) {
                return comparison.holds(left < right ? -1 : left > right ? 1 : 0)
            }
            return comparison.holds(actual < value ? -1 : actual > value ? 1 : 0)
        case .all(let expressions): return expressions.allSatisfy { $0.matches(request, depth: depth + 1) }
        case .any(let expressions): return expressions.contains { $0.matches(request, depth: depth + 1) }
        case .not(let expression): return !expression.matches(request, depth: depth + 1)
        }
    }

    /// Whether the expression nests deeper than `limit` levels, found without recursion.
    func nestsDeeper(than limit: Int) -> Bool {
        var pending: [(RemoteConfigConditionExpression, Int)] = [(self, 1)]
        while let (expression, depth) = pending.popLast() {
            if depth > limit { return true }
            switch expression {
            case .all(let children), .any(let children): pending += children.map { ($0, depth + 1) }
            case .not(let child): pending.append((child, depth + 1))
            default: break
            }
        }
        return false
    }

    /// The percent ranges in the expression that are not `0 <= lower <= upper <= 100`, found without recursion
    /// (call after ``nestsDeeper(than:)``).
    var hasInvalidPercentRange: Bool {
        var pending = [self]
        while let expression = pending.popLast() {
            switch expression {
            case .percent(let lower, let upper, _):
                if !(lower >= 0 && lower <= upper && upper <= 100) { return true }
            case .all(let children), .any(let children): pending += children
            case .not(let child): pending.append(child)
            default: break
            }
        }
        return false
    }
}
