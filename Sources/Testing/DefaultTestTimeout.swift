// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The bound FlintTesting's waits use when a test gives none: 30 seconds.
///
/// A wait only reaches its bound when something is broken, so the bound is sized for the slowest place tests
/// run — a loaded two-core CI machine running a whole suite in parallel, where a task can queue for seconds
/// behind a thousand others before it runs — while a hang still fails the run instead of stalling it.
///
/// ```swift
/// try await started.wait(timeout: defaultTestTimeout)
/// ```
public let defaultTestTimeout: Duration = .seconds(30)
