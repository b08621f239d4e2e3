// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop
import FlintProductSupport

/// Finds out who the caller is (FlintProductSupport's `CallerCredentials`): the uid from `AuthInterop`'s ID
/// token (its `sub` or `user_id` claim, or the user ID when the token is not a JWT) and the App Check token.
struct DatabaseCredentials: Sendable {
    let credentials: CallerCredentials

    init(auth: (any AuthInterop)?, appCheck: (any AppCheckInterop)?) {
        credentials = CallerCredentials(auth: auth, appCheck: appCheck)
    }

    var auth: (any AuthInterop)? { credentials.auth }
    var appCheck: (any AppCheckInterop)? { credentials.appCheck }

    /// Whether there is neither Auth nor App Check: the caller is always the anonymous one.
    var isAnonymous: Bool { credentials.isAnonymous }

    /// The current caller (with a fresh ID token when `forcingRefresh`).
    /// - Throws: ``DatabaseErrorCode/unauthenticated`` when the ID token cannot be obtained.
    func caller(forcingRefresh: Bool = false) async throws(DatabaseError) -> DatabaseCaller {
        do {
            let identity = try await credentials.identity(forcingRefresh: forcingRefresh)
            return DatabaseCaller(uid: identity.uid, appCheckToken: identity.appCheckToken, idToken: identity.idToken)
        } catch {
            throw DatabaseError(.unauthenticated, "Could not get the user's ID token: \(error)")
        }
    }
}
