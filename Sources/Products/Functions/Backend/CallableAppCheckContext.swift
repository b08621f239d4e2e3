// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The App Check claims of a call whose App Check token is a local (unsigned) JWT.
public struct CallableAppCheckContext: Sendable, Hashable {
    /// The attested app's ID: the token's `app_id` claim, else its `sub` claim (empty when neither is there).
    public var appID: String
    /// Every claim of the App Check token.
    public var token: [String: CallableValue]

    /// App Check claims with every part given.
    public init(appID: String, token: [String: CallableValue]) {
        self.appID = appID
        self.token = token
    }
}
