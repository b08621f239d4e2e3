// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintRemoteConfig
import Foundation

/// A parsed condition expression of a Remote Config template (Firebase's condition language), evaluated for
/// the client of a fetch.
///
/// Decided: `true`, `false`, `&&`, `||`, `!`, parentheses; `app.id`; `app.version`; `app.firebaseInstallationId`;
/// `app.userProperty['name']`; `app.customSignal['key']`; `device.country` and `device.language`; `percent`
/// (with or without a seed). Any other element (`app.build`, `app.audiences`, `app.firstOpenTimestamp`,
/// `dateTime`, `device.os`, …) is ``unsupported(_:)`` and evaluates false.
indirect enum RemoteConfigExpression: Sendable, Hashable {
    case constant(Bool)
    case and([RemoteConfigExpression])
    case or([RemoteConfigExpression])
    case not(RemoteConfigExpression)
    /// An element tested by a string or version method: `element.exactlyMatches([…])`, `.contains`,
    /// `.notContains`, `.matches` (a regular expression matching the whole value), or a version comparison
    /// `element.>=(['1.2'])`.
    case method(RemoteConfigElement, RemoteConfigMethod, [String])
    /// An element compared by an infix operator with a literal: numerically for a number literal, as text for a
    /// string literal (`app.id == '1:…'`).
    case compare(RemoteConfigElement, RemoteConfigComparison, RemoteConfigLiteral)
    /// `element in ['a', 'b']`.
    case among(RemoteConfigElement, [String])
    /// `percent <op> n` (as a range `lower < p <= upper`), or `percent between a and b`, by seed.
    case percent(seed: String, lowerExclusive: Double, upperInclusive: Double)
    /// An element or form the emulator cannot decide: false.
    case unsupported(String)

    /// Whether the client of `request` matches.
    func matches(_ request: RemoteConfigFetchRequest) -> Bool {
        switch self {
        case .constant(let value): return value
        case .and(let terms): return terms.allSatisfy { $0.matches(request) }
        case .or(let terms): return terms.contains { $0.matches(request) }
        case .not(let term): return !term.matches(request)
        case .method(let element, let method, let targets):
            guard let value = element.value(in: request) else { return false }
            return method.holds(for: value, targets)
        case .compare(let element, let comparison, let literal):
            guard let value = element.value(in: request) else { return false }
            switch literal {
            case .number(let number):
                guard let actual = Double(value.trimmingCharacters(in: .whitespaces)) else { return false }
                return comparison.holds(actual < number ? -1 : actual > number ? 1 : 0)
            case .string(let text):
                return comparison.holds(value < text ? -1 : value > text ? 1 : 0)
            }
        case .among(let element, let values):
            guard let value = element.value(in: request) else { return false }
            return values.contains(value)
        case .percent(let seed, let lower, let upper):
            let micro = Double(
                RemoteConfigPercentile.microPercentile(seed: seed, installationID: request.installationID))
            return micro > (lower * 1_000_000).rounded() && micro <= (upper * 1_000_000).rounded()
        case .unsupported: return false
        }
    }
}

/// What an expression tests about the client.
enum RemoteConfigElement: Sendable, Hashable {
    case appID
    case appVersion
    case installationID
    case userProperty(String)
    case customSignal(String)
    case country
    case language

    /// The client's value, nil when it sent none.
    func value(in request: RemoteConfigFetchRequest) -> String? {
        switch self {
        case .appID: request.appID
        case .appVersion: request.appVersion
        case .installationID: request.installationID
        case .userProperty(let name): request.userProperties[name]
        case .customSignal(let key): request.customSignals[key]
        case .country: request.countryCode
        case .language: request.languageCode
        }
    }
}

/// A method of an element: `exactlyMatches`, `contains`, `notContains`, `matches`, or a version comparison.
enum RemoteConfigMethod: Sendable, Hashable {
    case exactlyMatches
    case contains
    case notContains
    case matches
    case version(RemoteConfigComparison)

    func holds(for value: String, _ targets: [String]) -> Bool {
        switch self {
        case .exactlyMatches: return targets.contains(value)
        case .contains: return targets.contains { value.contains($0) }
        case .notContains: return !targets.contains { value.contains($0) }
        case .matches:
            return targets.contains { pattern in
                guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
                return regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
            }
        case .version(let comparison):
            return targets.contains { comparison.holds(RemoteConfigComparison.compareVersions(value, $0)) }
        }
    }
}

/// A literal an element is compared with.
enum RemoteConfigLiteral: Sendable, Hashable {
    case number(Double)
    case string(String)
}

extension RemoteConfigComparison {
    /// The comparison a condition writes `symbol` for (`==`, `!=`, `<`, `<=`, `>`, `>=`).
    init?(symbol: String) {
        switch symbol {
        case "==": self = .equal
        case "!=": self = .notEqual
        case "<": self = .less
        case "<=": self = .lessOrEqual
        case ">": self = .greater
        case ">=": self = .greaterOrEqual
        default: return nil
        }
    }
}
