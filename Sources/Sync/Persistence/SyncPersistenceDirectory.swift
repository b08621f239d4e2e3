// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// Where engines keep their files when no directory is given: `<Application Support>/Flint/Sync/<app>` (the
/// app's name made safe; `default` without an app).
public enum SyncPersistenceDirectory {
    /// The default directory for `app`'s engines.
    public static func `default`(for app: FlintApp?) -> URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let appFolder = app.map { SyncFileNames.safeComponent($0.name) } ?? "default"
        return base.appendingPathComponent("Flint", isDirectory: true)
            .appendingPathComponent("Sync", isDirectory: true)
            .appendingPathComponent(appFolder, isDirectory: true)
    }
}
