// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Placeholders the database replaces when it stores a write (Firebase's `ServerValue`).
public enum ServerValue {
    /// The write's time, in milliseconds since 1970 (`{".sv": "timestamp"}`).
    public static func timestamp() -> [String: Any] { [".sv": "timestamp"] }

    /// The number stored at the location plus `delta`, or `delta` when it is not a number
    /// (`{".sv": {"increment": delta}}`).
    public static func increment(_ delta: Double) -> [String: Any] { [".sv": ["increment": delta]] }

    /// ``increment(_:)-(Double)`` for integers.
    public static func increment(_ delta: Int) -> [String: Any] { [".sv": ["increment": delta]] }
}
