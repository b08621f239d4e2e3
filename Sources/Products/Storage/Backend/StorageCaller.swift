// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Who makes a Storage request, as the backend sees it: the signed-in user's uid and token (from the app's
/// optional `AuthInterop`) and the App Check token (from `AppCheckInterop`), each nil when absent.
public struct StorageCaller: Sendable, Hashable {
    /// The signed-in user's uid, or nil.
    public var uid: String?
    /// The user's ID token (`Authorization: Firebase <token>` over HTTP), or nil.
    public var authToken: String?
    /// The App Check token (`X-Firebase-AppCheck` over HTTP), or nil.
    public var appCheckToken: String?

    /// A caller with these credentials (all nil: an anonymous caller without App Check).
    public init(uid: String? = nil, authToken: String? = nil, appCheckToken: String? = nil) {
        self.uid = uid
        self.authToken = authToken
        self.appCheckToken = appCheckToken
    }
}
