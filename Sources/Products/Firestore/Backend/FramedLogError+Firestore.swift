// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

extension FirestoreError {
    /// A damaged, unreadable or unwritable ``FramedLogFile`` as Firestore reports it: `dataLoss` with the file's
    /// message.
    init(_ error: FramedLogError) {
        self.init(.dataLoss, error.message)
    }
}

/// Runs a ``FramedLogFile`` operation, reporting its failure as Firestore's `dataLoss`.
func reportingDataLoss<T>(_ body: () throws(FramedLogError) -> T) throws(FirestoreError) -> T {
    do {
        return try body()
    } catch {
        throw FirestoreError(error)
    }
}
