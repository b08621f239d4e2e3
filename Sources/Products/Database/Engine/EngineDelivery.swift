// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What the engine hands a listener: child events with the value, an error (the listener is gone), or the
/// end (the database was shut down with its app).
enum EngineDelivery: Sendable {
    /// A child event.
    case child(ViewEvent)
    /// The location's (or window's) value.
    case value(DatabaseNode)
    /// The listener was refused or invalid, and is removed.
    case error(DatabaseError)
    /// The instance is gone (its app was deleted); the listener is removed.
    case finished
}
