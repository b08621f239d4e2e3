// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// How an app's Installations behaves: where the installation is saved, and the clock.
///
/// Installations reads it from the app's container (an optional dependency); override it with
/// ``InstallationsLibrary/settings(_:)``:
///
/// ```swift
/// let support = URL.applicationSupportDirectory.appending(path: "Installations")
/// try AppRegistry.shared.configure(options: options,
///                                  overrides: [InstallationsLibrary.settings(InstallationsSettings(persistenceDirectory: support))])
/// ```
public struct InstallationsSettings: Sendable {
    /// Where the installation (its ID, refresh token and auth token) is saved, one file per app
    /// (``persistenceFile(forAppNamed:)``), so that a restarted app keeps its ID; nil keeps it in memory only.
    public var persistenceDirectory: URL?

    /// The clock deciding when a cached auth token is too close to expiry.
    public var now: @Sendable () -> Date

    /// Settings; by default no persistence and the system clock.
    public init(persistenceDirectory: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.persistenceDirectory = persistenceDirectory
        self.now = now
    }

    /// The file of the app named `appName`, always directly inside ``persistenceDirectory``:
    /// `<appName>.installations.json` (names of other characters are hashed, see `AppFileName`).
    public func persistenceFile(forAppNamed appName: String) -> URL? {
        persistenceDirectory?.appendingPathComponent(
            AppFileName.make(appName: appName, suffix: ".installations.json"), isDirectory: false)
    }
}
