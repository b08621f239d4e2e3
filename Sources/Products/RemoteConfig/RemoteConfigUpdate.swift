// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A real-time config update: the keys that differ between the newly fetched config and the active one
/// (added, changed or removed). Call ``RemoteConfig/activate()`` to use them.
public struct RemoteConfigUpdate: Sendable, Hashable {
    /// The keys added, changed or removed; never empty.
    public let updatedKeys: Set<String>

    /// An update of `updatedKeys`.
    public init(updatedKeys: Set<String>) {
        self.updatedKeys = updatedKeys
    }
}
