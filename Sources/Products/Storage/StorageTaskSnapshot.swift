// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A task's state at one event (Firebase's `StorageTaskSnapshot`): its status, bytes transferred out of the
/// total, and at the end the object's metadata or the error.
public struct StorageTaskSnapshot: Sendable {
    /// The task the snapshot is of.
    public let task: any StorageTask
    /// The reference the task uploads to or downloads from.
    public let reference: StorageReference
    /// The status when the snapshot was taken.
    public let status: StorageTaskStatus
    /// Bytes transferred so far.
    public let completedUnitCount: Int64
    /// Bytes to transfer in all (for a download, 0 until the object's size is known).
    public let totalUnitCount: Int64
    /// The object's metadata: the stored one after a successful upload or download, else the upload's.
    public let metadata: StorageMetadata?
    /// Why the task failed, after failure.
    public let error: StorageError?

    /// The progress as a Foundation `Progress` (a new object each time), as Firebase's `progress`.
    public var progress: Progress {
        let progress = Progress(totalUnitCount: totalUnitCount)
        progress.completedUnitCount = completedUnitCount
        return progress
    }

    /// The transferred fraction, 0 … 1 (1 when there is nothing to transfer and the task succeeded).
    public var fractionCompleted: Double {
        guard totalUnitCount > 0 else { return status == .success ? 1 : 0 }
        return Double(completedUnitCount) / Double(totalUnitCount)
    }
}
