// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A ready-made error to inject into fakes, compared by its message.
///
/// ```swift
/// auth.getTokenError = FakeError("network down")
/// await #expect(throws: FakeError("network down")) { try await auth.getToken(forcingRefresh: false) }
/// ```
public struct FakeError: Error, Equatable, Hashable, CustomStringConvertible {
    /// What the error says; two fake errors are equal when their messages are.
    public var message: String

    /// An error with `message`.
    public init(_ message: String = "fake error") {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
