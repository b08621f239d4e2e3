// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// How an app's Auth behaves: persistence of the signed-in user and the clock.
///
/// Auth reads it from the app's container (an optional dependency; without one, the defaults apply).
/// Opt into persistence by overriding it when configuring the app:
///
/// ```swift
/// let support = URL.applicationSupportDirectory.appending(path: "Auth")
/// try AppRegistry.shared.configure(options: options,
///                                  overrides: [AuthLibrary.settings(AuthSettings(persistenceDirectory: support))])
/// ```
public struct AuthSettings: Sendable {
    /// Where the signed-in user is saved, one file per app (``persistenceFile(forAppNamed:)``), so that a
    /// restarted app signs the user back in; nil (the default) keeps the user in memory only.
    ///
    /// The file holds the user and the session's tokens in plain JSON: point it at a directory only the
    /// app can read. The directory is created when needed.
    public var persistenceDirectory: URL?

    /// Auth's clock, used for the five-minute token refresh rule. Tests inject a controllable clock.
    public var now: @Sendable () -> Date

    /// Settings; by default no persistence and the system clock.
    public init(persistenceDirectory: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.persistenceDirectory = persistenceDirectory
        self.now = now
    }

    /// The file holding the signed-in user of the app named `appName`, or nil without persistence. Always
    /// directly inside ``persistenceDirectory``, whatever the name.
    ///
    /// - `<appName>.auth.json` for names of at most 100 ASCII letters, digits, `-` and `_` (the file name of
    ///   earlier versions, so their files are still read);
    /// - `<prefix>+<hash>.auth.json` for any other name (longer, or with other characters): `prefix` is the
    ///   name's first 40 letters, digits, `-` and `_`, `hash` 16 hex digits of the 64-bit FNV-1a hash of
    ///   its UTF-8 bytes. At most 67 bytes, and `+` keeps it apart from every plain name. The file records
    ///   the app name, so a hash collision reads as "no saved user", never as another app's user.
    public func persistenceFile(forAppNamed appName: String) -> URL? {
        persistenceDirectory?.appendingPathComponent(Self.persistenceFileName(forAppNamed: appName), isDirectory: false)
    }

    /// The file name of ``persistenceFile(forAppNamed:)``: FlintProductSupport's `AppFileName` scheme, which
    /// started as this one.
    static func persistenceFileName(forAppNamed appName: String) -> String {
        AppFileName.make(appName: appName, suffix: ".auth.json")
    }
}
