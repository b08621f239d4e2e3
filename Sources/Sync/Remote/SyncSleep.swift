// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How an engine waits before retrying its listener: given seconds, returns when they have passed (or throws
/// when cancelled). Tests inject one they control, so no test waits in real time.
public typealias SyncSleep = @Sendable (_ seconds: Double) async throws -> Void

/// The real wait: `Task.sleep`.
public let realSyncSleep: SyncSleep = { seconds in
    try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
}
