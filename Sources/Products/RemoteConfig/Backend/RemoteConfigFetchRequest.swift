// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a client sends with a fetch: who it is, for condition evaluation.
public struct RemoteConfigFetchRequest: Sendable, Hashable {
    /// The app's Google app ID (`FlintOptions.googleAppID`).
    public var appID: String
    /// The app's version (`CFBundleShortVersionString`), when known.
    public var appVersion: String?
    /// The installation ID (percent conditions are hashed on it).
    public var installationID: String
    /// The installation auth token.
    public var installationAuthToken: String
    /// The Analytics user properties, by name.
    public var userProperties: [String: String]
    /// The template version the client has, or nil: an unchanged template answers ``RemoteConfigFetchState/noChange``.
    public var lastKnownVersion: Int?
    /// How long the request may take, in seconds.
    public var timeout: Double
    /// The device's language as a BCP 47 tag (`RemoteConfigEnvironment.locale`), e.g. `en-US`.
    public var languageCode: String?
    /// The device's region (`RemoteConfigEnvironment.locale`), e.g. `US`.
    public var countryCode: String?
    /// The device's time zone identifier (`RemoteConfigEnvironment.timeZone`), e.g. `Europe/Paris`.
    public var timeZone: String?
    /// The operating system's version, e.g. `18.2.0`.
    public var platformVersion: String?
    /// The app's bundle ID (`FlintOptions.bundleID`).
    public var packageName: String?
    /// The custom signals set with ``RemoteConfig/setCustomSignals(_:)``, values as strings (sent as
    /// `customSignals`).
    public var customSignals: [String: String]

    /// A request with every field; the device fields are optional.
    public init(
        appID: String, appVersion: String?, installationID: String, installationAuthToken: String,
        userProperties: [String: String], lastKnownVersion: Int?, timeout: Double,
        languageCode: String? = nil, countryCode: String? = nil, timeZone: String? = nil,
        platformVersion: String? = nil, packageName: String? = nil, customSignals: [String: String] = [:]
    ) {
        self.appID = appID
        self.appVersion = appVersion
        self.installationID = installationID
        self.installationAuthToken = installationAuthToken
        self.userProperties = userProperties
        self.lastKnownVersion = lastKnownVersion
        self.timeout = timeout
        self.languageCode = languageCode
        self.countryCode = countryCode
        self.timeZone = timeZone
        self.platformVersion = platformVersion
        self.packageName = packageName
        self.customSignals = customSignals
    }
}
