// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A value read from a ``DatabaseBackend``. Opaque.
public struct DatabaseBackendValue: Sendable {
    let node: DatabaseNode
}
