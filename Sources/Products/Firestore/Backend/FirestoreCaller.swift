// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Who sends a request to a ``FirestoreBackend``: what the security rules see.
///
/// The client fills it from its app's optional interop dependencies: `uid` from `FlintInterop.AuthInterop`
/// (the `sub` / `user_id` claim of the ID token when it is a local JWT, else `getUserID()`), and
/// `appCheckToken` from `FlintInterop.AppCheckInterop`. Without Auth or App Check in the app they are nil.
public struct FirestoreCaller: Sendable, Hashable {
    /// The signed-in user's uid, or nil when nobody is signed in.
    public var uid: String?
    /// The App Check token sent with the request, or nil.
    public var appCheckToken: String?

    /// A caller.
    public init(uid: String? = nil, appCheckToken: String? = nil) {
        self.uid = uid
        self.appCheckToken = appCheckToken
    }
}
