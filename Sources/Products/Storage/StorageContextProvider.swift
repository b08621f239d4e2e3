// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop
import FlintProductSupport

/// Gathers the caller of each request from the app's optional Auth and App Check (FlintProductSupport's
/// `CallerCredentials`).
struct StorageContextProvider: Sendable {
    let credentials: CallerCredentials

    init(auth: (any AuthInterop)?, appCheck: (any AppCheckInterop)?) {
        credentials = CallerCredentials(auth: auth, appCheck: appCheck)
    }

    /// The caller now: uid and ID token (not forcing a refresh; an error getting it fails the request with
    /// `unauthenticated` with the SDK's message), and the App Check token (App Check's placeholder when it fails, as in Firebase).
    func caller() async throws(StorageError) -> StorageCaller {
        do {
            let identity = try await credentials.identity()
            return StorageCaller(uid: identity.uid, authToken: identity.idToken, appCheckToken: identity.appCheckToken)
        } catch {
            throw StorageError(.unauthenticated)
        }
    }
}
