// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a task is doing, and the events observers can ask for (Firebase's `StorageTaskStatus`).
public enum StorageTaskStatus: Int, Sendable, Hashable, CustomStringConvertible {
    /// Not started yet.
    case unknown
    /// Started or resumed.
    case resume
    /// More bytes were transferred.
    case progress
    /// Paused by ``StorageTask/pause()``.
    case pause
    /// Finished successfully; no event follows.
    case success
    /// Failed or cancelled; no event follows.
    case failure

    /// The case name, e.g. `progress`.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .resume: "resume"
        case .progress: "progress"
        case .pause: "pause"
        case .success: "success"
        case .failure: "failure"
        }
    }

    /// Whether the task is over (success or failure).
    var isTerminal: Bool { self == .success || self == .failure }
}
