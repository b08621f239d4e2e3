// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

// Components with wiring mistakes, to show that configure refuses them before anything is published.

/// Needs Messaging, which no library in the demo provides.
final class ReportUploader: Sendable {}

/// Half of a dependency cycle.
final class Ping: Sendable {}

/// The other half.
final class Pong: Sendable {}

enum BrokenWiring {
    /// An override whose required dependency has no provider.
    static var missingDependency: [Component] {
        [
            Component(ReportUploader.self, dependencies: [.required(MessagingInterop.self)]) { _, _ in
                ReportUploader()
            }
        ]
    }

    /// Two overrides that require each other.
    static var cycle: [Component] {
        [
            Component(Ping.self, dependencies: [.required(Pong.self)]) { container, _ in
                _ = try container.require(Pong.self)
                return Ping()
            },
            Component(Pong.self, dependencies: [.required(Ping.self)]) { container, _ in
                _ = try container.require(Ping.self)
                return Pong()
            },
        ]
    }
}
