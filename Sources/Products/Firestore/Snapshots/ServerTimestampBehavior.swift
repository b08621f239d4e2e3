// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How snapshots show a server timestamp the backend has not set yet (a pending
/// `FieldValue.serverTimestamp()` write).
public enum ServerTimestampBehavior: Sendable, Hashable {
    /// As null (the default).
    case none
    /// As the local time of the write: an estimate of the final value.
    case estimate
    /// As the field's value before the write (null if it had none).
    case previous
}
