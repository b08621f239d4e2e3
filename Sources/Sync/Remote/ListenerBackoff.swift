// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The listener's retry delays: 2, 4, 8, 16, 32, then 60 seconds for every later attempt.
public enum ListenerBackoff {
    /// The delay before retry number `attempt` (1 for the first retry).
    public static func delay(forAttempt attempt: Int) -> Double {
        guard attempt >= 1 else { return 0 }
        if attempt >= 6 { return 60 }
        return Double(1 << attempt)
    }
}
