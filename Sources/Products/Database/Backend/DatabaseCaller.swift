/// Who performs a backend operation: the signed-in user's uid (from ``AuthInterop``) and the App Check
/// token, both nil when absent.
public struct DatabaseCaller: Sendable, Hashable {
    /// The caller's uid, nil when unauthenticated.
    public var uid: String?
    /// The caller's App Check token, nil without App Check.
    public var appCheckToken: String?

    /// A caller.
    public init(uid: String? = nil, appCheckToken: String? = nil) {
        self.uid = uid
        self.appCheckToken = appCheckToken
    }
}
