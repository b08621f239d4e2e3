// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What registering an installation returns: the FID the backend keeps (normally the one sent), its refresh
/// token and a first auth token.
public struct InstallationRegistration: Sendable {
    /// The installation ID the backend registered.
    public var fid: String
    /// The long-lived token that authorizes later requests for this installation.
    public var refreshToken: String
    /// The first auth token.
    public var authToken: InstallationsAuthTokenResult

    /// A registration of `fid`.
    public init(fid: String, refreshToken: String, authToken: InstallationsAuthTokenResult) {
        self.fid = fid
        self.refreshToken = refreshToken
        self.authToken = authToken
    }
}
