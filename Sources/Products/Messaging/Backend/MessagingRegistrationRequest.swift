// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a ``MessagingBackend`` needs to issue an FCM registration token for one app instance.
public struct MessagingRegistrationRequest: Sendable, Hashable {
    /// The sender ID (the project number, the app options' `gcmSenderID`).
    public var senderID: String
    /// The app's Google app ID (`googleAppID`).
    public var appID: String
    /// The project ID, when the options have one.
    public var projectID: String?
    /// The API key, when the options have one.
    public var apiKey: String?
    /// The installation ID (FID) from `InstallationsInterop`: the token is derived from it.
    public var installationID: String
    /// The installation auth token, which the real backend checks.
    public var installationAuthToken: String

    /// A request with these fields.
    public init(
        senderID: String, appID: String, projectID: String?, apiKey: String?, installationID: String,
        installationAuthToken: String
    ) {
        self.senderID = senderID
        self.appID = appID
        self.projectID = projectID
        self.apiKey = apiKey
        self.installationID = installationID
        self.installationAuthToken = installationAuthToken
    }
}
