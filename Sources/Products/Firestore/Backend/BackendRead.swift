// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The result of a backend read, with the commit sequence number it reflects: the read includes every
/// commit numbered up to ``sequenceNumber`` and none after.
public struct BackendRead<Value: Sendable>: Sendable {
    /// What was read.
    public let value: Value
    /// The database's last commit sequence number at the time of the read.
    public let sequenceNumber: Int64

    /// A read result.
    public init(value: Value, sequenceNumber: Int64) {
        self.value = value
        self.sequenceNumber = sequenceNumber
    }
}
