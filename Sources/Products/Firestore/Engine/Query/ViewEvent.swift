// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What the engine delivers to a listener.
enum ViewEvent: Sendable {
    case snapshot(ViewSnapshot)
    /// The listener failed and was removed.
    case failure(FirestoreError)
}
