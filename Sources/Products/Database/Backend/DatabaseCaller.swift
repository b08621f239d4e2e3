// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Who performs a backend operation: the signed-in user's uid and ID token (from `AuthInterop`) and the
/// App Check token, each nil when absent.
public struct DatabaseCaller: Sendable, Hashable {
    /// The caller's uid, nil when unauthenticated.
    public var uid: String?
    /// The caller's App Check token, nil without App Check.
    public var appCheckToken: String?
    /// The caller's ID token (sent by ``HTTPDatabaseBackend`` as `?auth=`), nil when unauthenticated.
    public var idToken: String?

    /// A caller.
    public init(uid: String? = nil, appCheckToken: String? = nil, idToken: String? = nil) {
        self.uid = uid
        self.appCheckToken = appCheckToken
        self.idToken = idToken
    }
}
