// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

// An eager component that gathers a set: every library may contribute HealthChecks, and Diagnostics
// (created while each app is configured) runs them all.

/// One library's self-check, contributed with `Component.contribution(to: HealthCheck.self)`.
struct HealthCheck: Sendable {
    /// Who contributed it.
    let name: String
    /// Runs the check and describes the result.
    let run: @Sendable () -> String
}

/// Created eagerly in every app (`.alwaysEager`); runs every contributed health check once.
final class DemoDiagnostics: Sendable {
    /// What each check reported.
    let results: [String]

    init(checks: [HealthCheck]) {
        results = checks.map { "\($0.name): \($0.run())" }
    }
}

/// Registers Diagnostics.
enum DiagnosticsLibrary: FlintLibrary {
    static let libraryName = "flint-demo-diagnostics"
    static let libraryVersion = "1.0.0"

    static func componentsToRegister() -> [Component] {
        [
            Component(
                DemoDiagnostics.self, timing: .alwaysEager,
                dependencies: [.set(HealthCheck.self)]
            ) { container, isCacheable in
                isCacheable = true
                let diagnostics = DemoDiagnostics(checks: try container.all(HealthCheck.self))
                let published = container.app != nil ? "app already published" : "app not published"
                componentSays(
                    "DemoDiagnostics",
                    "eager, created while configuring \(FlintApp.displayName(forAppNamed: container.appName)) (\(published)); "
                        + "health checks: \(diagnostics.results.joined(separator: ", "))")
                return diagnostics
            }
        ]
    }
}
