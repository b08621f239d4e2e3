// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The sign-in side of Auth, for a product that needs a user before it can work (for example a sync
/// engine that signs in anonymously on first use).
///
/// Served by the same Auth instance as ``AuthUserInterop`` and ``AuthInterop``: a sign-in through this
/// protocol is immediately visible through the others.
public protocol AuthSignInInterop: AnyObject, Sendable {
    /// Signs in an anonymous user and returns their uid.
    ///
    /// When an anonymous user is already signed in, returns that user's uid without creating another.
    /// - Throws: the Auth error that prevented sign-in.
    func signInAnonymously() async throws -> String

    /// Signs the current user out; does nothing when nobody is signed in.
    /// - Throws: the Auth error that prevented sign-out.
    func signOut() throws
}
