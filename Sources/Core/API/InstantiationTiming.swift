// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// When a component's instance is created.
public enum InstantiationTiming: Sendable, Hashable, CustomStringConvertible {
    /// On first request (the default).
    case lazy
    /// When any app is configured, right after the app is published.
    case alwaysEager
    /// When the default app is configured; lazily in other apps.
    case eagerInDefaultApp

    public var description: String {
        switch self {
        case .lazy: return "lazy"
        case .alwaysEager: return "alwaysEager"
        case .eagerInDefaultApp: return "eagerInDefaultApp"
        }
    }

    /// Whether a component with this timing is created when an app is configured.
    func isEager(inDefaultApp isDefault: Bool) -> Bool {
        switch self {
        case .lazy: return false
        case .alwaysEager: return true
        case .eagerInDefaultApp: return isDefault
        }
    }
}
