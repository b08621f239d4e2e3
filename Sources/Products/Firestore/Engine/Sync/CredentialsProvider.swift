// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport

/// Builds the ``FirestoreCaller`` of each request from the app's optional Auth and App Check
/// (FlintProductSupport's `CallerCredentials`).
struct CredentialsProvider: Sendable {
    let credentials: CallerCredentials

    init(auth: (any AuthInterop)?, appCheck: (any AppCheckInterop)?) {
        credentials = CallerCredentials(auth: auth, appCheck: appCheck)
    }

    var auth: (any AuthInterop)? { credentials.auth }
    var appCheck: (any AppCheckInterop)? { credentials.appCheck }

    /// The current caller: the uid from the ID token (`sub` / `user_id` of a local JWT) or, when the token is
    /// not one, `getUserID()`; and the App Check token.
    /// - Throws: ``RPCStatusCode/unauthenticated`` when a signed-in user's token cannot be obtained.
    func caller() async throws(FirestoreError) -> FirestoreCaller {
        do {
            let identity = try await credentials.identity()
            return FirestoreCaller(uid: identity.uid, appCheckToken: identity.appCheckToken)
        } catch {
            throw FirestoreError(.unauthenticated, "Could not get the user's ID token: \(error)")
        }
    }
}
