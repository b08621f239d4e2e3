import FlintInterop

/// Gathers the caller of each request from the app's optional Auth and App Check.
struct StorageContextProvider: Sendable {
    /// Nil when no component provides AuthInterop: the caller has no uid and no token.
    let auth: (any AuthInterop)?
    /// Nil when no component provides AppCheckInterop: no App Check token.
    let appCheck: (any AppCheckInterop)?

    /// The caller now: uid and ID token (not forcing a refresh; an error getting it fails the request with
    /// `unauthenticated`), and the App Check token (App Check's placeholder when it fails, as in Firebase).
    func caller() async throws(StorageError) -> StorageCaller {
        var caller = StorageCaller()
        if let auth {
            caller.uid = auth.getUserID()
            do {
                caller.authToken = try await auth.getToken(forcingRefresh: false)
            } catch {
                throw StorageError(.unauthenticated, message: "Could not get the user's ID token: \(error)")
            }
        }
        if let appCheck {
            caller.appCheckToken = await appCheck.getToken(forcingRefresh: false).token
        }
        return caller
    }
}
