// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

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
    /// The APNs token set with ``Messaging/setAPNSToken(_:type:)`` (or ``Messaging/apnsToken``) when the request
    /// was made, sent with the registration as Firebase sends it; nil before one was set.
    public var apnsToken: Data?
    /// The type given with ``apnsToken``.
    public var apnsTokenType: MessagingAPNSTokenType
    /// The app's bundle ID (the options' `bundleID`), sent with an installation ID registration.
    public var bundleID: String?

    /// A request with these fields.
    public init(
        senderID: String, appID: String, projectID: String?, apiKey: String?, installationID: String,
        installationAuthToken: String, apnsToken: Data? = nil, apnsTokenType: MessagingAPNSTokenType = .unknown,
        bundleID: String? = nil
    ) {
        self.senderID = senderID
        self.appID = appID
        self.projectID = projectID
        self.apiKey = apiKey
        self.installationID = installationID
        self.installationAuthToken = installationAuthToken
        self.apnsToken = apnsToken
        self.apnsTokenType = apnsTokenType
        self.bundleID = bundleID
    }

    /// ``apnsToken`` as Firebase writes it in a registration: lowercase hex, two digits a byte; nil without one.
    public var apnsTokenHex: String? {
        apnsToken.map { $0.map { String(format: "%02x", $0) }.joined() }
    }
}
