// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// What Remote Config takes from its surroundings: where it saves configs, the app version conditions see, the
/// device's locale and time zone sent with fetches, and the clock (fetch interval, backoff). Override it with
/// ``RemoteConfigLibrary/environment(_:)``.
///
/// ```swift
/// let support = URL.applicationSupportDirectory.appending(path: "RemoteConfig")
/// try FlintApp.configure(options: options,
///                        overrides: [RemoteConfigLibrary.environment(RemoteConfigEnvironment(persistenceDirectory: support))])
/// ```
public struct RemoteConfigEnvironment: Sendable {
    /// Where the fetched and active configs (and fetch status, time and backoff) are saved, one file per app
    /// (``persistenceFile(forAppNamed:)``); nil keeps them in memory only.
    public var persistenceDirectory: URL?
    /// The app version sent with fetches (app-version conditions); by default the main bundle's
    /// `CFBundleShortVersionString`.
    public var appVersion: String?
    /// The clock.
    public var now: @Sendable () -> Date
    /// How Remote Config waits before reconnecting the real-time stream; tests inject one that returns at once.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The locale whose language (`languageCode`, a BCP 47 tag) and region (`countryCode`) fetches send; by default
    /// the current one.
    public var locale: Locale
    /// The time zone fetches send (`timeZone`, its identifier); by default the current one.
    public var timeZone: TimeZone

    /// An environment; by default no persistence, the bundle's version, the system clock, `Task.sleep`, and the
    /// current locale and time zone.
    public init(
        persistenceDirectory: URL? = nil,
        appVersion: String? = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        locale: Locale = .current,
        timeZone: TimeZone = .current
    ) {
        self.persistenceDirectory = persistenceDirectory
        self.appVersion = appVersion
        self.now = now
        self.sleep = sleep
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The file of the app named `appName`, directly inside ``persistenceDirectory`` whatever the name.
    public func persistenceFile(forAppNamed appName: String) -> URL? {
        persistenceDirectory?.appendingPathComponent(
            AppFileName.make(appName: appName, suffix: ".remoteconfig.json"),
            isDirectory: false)
    }

    /// The operating system's version, `major.minor.patch`, sent with fetches as `platformVersion`.
    static var platformVersion: String {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    }
}
