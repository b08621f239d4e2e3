// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The bound FlintTesting's waits use when a test gives none: 120 seconds.
///
/// A wait only reaches its bound when something is broken, so the bound is sized for the slowest place tests
/// run — a loaded two-core machine running a whole suite in parallel — while a hang still fails the run
/// instead of stalling it. There, every `await` of a test queues behind the other tests' work, so a test
/// that needs many steps in a row (an upload chunk by chunk, a listener reconnecting several times) finishes
/// about when the whole suite does: Flint's 1,800 tests take 20–40 s on two busy cores, which a 30-second
/// bound did not cover.
///
/// ```swift
/// try await started.wait(timeout: defaultTestTimeout)
/// ```
public let defaultTestTimeout: Duration = .seconds(120)
