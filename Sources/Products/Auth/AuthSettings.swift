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
    /// Where the signed-in user is saved, one file per app (`<directory>/<appName>.auth.json`), so that
    /// a restarted app signs the user back in; nil (the default) keeps the user in memory only.
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

    /// The file holding the signed-in user of the app named `appName`, or nil without persistence.
    public func persistenceFile(forAppNamed appName: String) -> URL? {
        persistenceDirectory?.appendingPathComponent("\(appName).auth.json", isDirectory: false)
    }
}
