// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a client sends to open the real-time stream.
public struct RemoteConfigRealtimeRequest: Sendable, Hashable {
    /// The app's Google app ID.
    public var appID: String
    /// The installation ID.
    public var installationID: String
    /// The installation auth token.
    public var installationAuthToken: String
    /// The newest template version the client fetched (0 for none).
    public var lastKnownVersion: Int

    /// A request with every field.
    public init(appID: String, installationID: String, installationAuthToken: String, lastKnownVersion: Int) {
        self.appID = appID
        self.installationID = installationID
        self.installationAuthToken = installationAuthToken
        self.lastKnownVersion = lastKnownVersion
    }
}
