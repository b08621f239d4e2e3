// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// ``collect(_:from:timeout:)`` or ``first(of:timeout:)``: the sequence finished (without an error)
/// before delivering the expected number of values.
public struct StreamFinishedEarlyError: Error, Equatable, Hashable, CustomStringConvertible {
    /// How many values were asked for.
    public var expected: Int
    /// How many arrived before the sequence finished.
    public var received: Int

    /// The sequence delivered `received` of `expected` values, then finished.
    public init(expected: Int, received: Int) {
        self.expected = expected
        self.received = received
    }

    /// The counts.
    public var description: String {
        "The sequence finished after \(received) of \(expected) expected values."
    }
}
