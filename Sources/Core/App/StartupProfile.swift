// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A ready-made ``ComponentMonitor`` that records every creation and failure, for a startup profile.
///
/// ```swift
/// let profile = StartupProfile()
/// registry.monitor = profile
/// try registry.configure(options: options)
/// print(profile.report())
/// ```
public final class StartupProfile: ComponentMonitor {
    private let state = Locked<(created: [ComponentCreationEvent], failed: [ComponentFailureEvent])>(([], []))

    /// Creates an empty profile.
    public init() {}

    /// Records the creation.
    public func componentCreated(_ event: ComponentCreationEvent) {
        state.withLock { $0.created.append(event) }
    }

    /// Records the failure.
    public func resolutionFailed(_ event: ComponentFailureEvent) {
        state.withLock { $0.failed.append(event) }
    }

    /// Every creation so far, in the order the factories returned.
    public var creations: [ComponentCreationEvent] { state.withLock { $0.created } }

    /// Every failure so far.
    public var failures: [ComponentFailureEvent] { state.withLock { $0.failed } }

    /// Forgets everything recorded.
    public func reset() { state.withLock { $0 = ([], []) } }

    /// A table of creations, slowest first, with per-app totals, then the failures.
    public func report() -> String {
        let (created, failed) = state.withLock { ($0.created, $0.failed) }
        var lines = ["Startup profile: \(created.count) instance(s) created"]
        let byApp = Dictionary(grouping: created, by: \.appName)
        for appName in byApp.keys.sorted() {
            let events = byApp[appName]!.sorted { $0.duration > $1.duration }
            let total = events.reduce(Duration.zero) { $0 + $1.duration }
            lines.append(
                "  \(FlintApp.displayName(forAppNamed: appName)): \(Self.format(total)) in \(events.count) factories")
            for event in events {
                let cached = event.isCached ? "cached" : "fresh"
                lines.append(
                    "    \(Self.format(event.duration).padding(10)) \(event.typeName) [\(event.timing), \(cached), \(event.libraryName)]"
                )
            }
        }
        if !failed.isEmpty {
            lines.append("  failures:")
            for failure in failed {
                lines.append(
                    "    \(FlintApp.displayName(forAppNamed: failure.appName)): \(failure.typeName): \(failure.error)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
        return micros >= 1000 ? "\((micros / 1000).rounded(to: 2)) ms" : "\(micros.rounded(to: 1)) µs"
    }
}

extension Double {
    fileprivate func rounded(to places: Int) -> String {
        var multiplier = 1.0
        for _ in 0..<places { multiplier *= 10 }
        let value = (self * multiplier).rounded() / multiplier
        return String(value)
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
