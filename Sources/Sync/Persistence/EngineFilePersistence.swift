// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The persistence the engines' convenience initializers choose: their files (``FileDocumentPersistence``,
/// ``FileCollectionPersistence``) under `persistenceDirectory`, or ``SyncPersistenceDirectory/default(for:)``
/// when none is given, while `enableLocalPersistence`; otherwise none.
enum EngineFilePersistence {
    /// `files(directory)` when `enabled`, `directory` being `persistenceDirectory` or the app's default; else nil.
    static func ifEnabled<Persistence>(
        _ enabled: Bool, persistenceDirectory: URL?, app: FlintApp?, files: (URL) -> Persistence
    ) -> Persistence? {
        guard enabled else { return nil }
        return files(persistenceDirectory ?? SyncPersistenceDirectory.default(for: app))
    }
}
