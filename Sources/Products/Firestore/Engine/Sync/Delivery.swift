// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An event waiting in the engine's outbox for its listener.
struct Delivery {
    let slot: ListenerSlot
    let event: ViewEvent
    /// A final event (an error) removes the listener: it is delivered once, then nothing more.
    let isFinal: Bool
}
