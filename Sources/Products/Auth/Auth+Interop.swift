// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

// What Auth serves to other products through `AuthInterop`, `AuthUserInterop` and `AuthSignInInterop`.
// The conformances are declared once, through the private combined protocol in AuthLibrary.swift; Swift
// requires the members themselves to be public.

extension Auth {
    // MARK: AuthInterop

    /// `AuthInterop`: the signed-in user's ID token (cached or refreshed, as ``User/getIDToken(forcingRefresh:)``),
    /// or nil without an error when nobody is signed in.
    public func getToken(forcingRefresh: Bool) async throws -> String? {
        try await currentSession(forcingRefresh: forcingRefresh)?.idToken
    }

    /// `AuthInterop`: the signed-in user's uid, or nil.
    public func getUserID() -> String? {
        currentUser?.uid
    }

    /// `AuthInterop`: calls `listener` with the uid now, then whenever the signed-in uid changes (a
    /// ``addStateDidChangeListener(_:)`` listener).
    public func addUserChangeListener(_ listener: @escaping @Sendable (String?) -> Void) -> any ListenerRegistration {
        addStateDidChangeListener { _, user in listener(user?.uid) }
    }

    // MARK: AuthUserInterop

    /// `AuthUserInterop`: the signed-in user's uid, or nil (the same as `currentUser?.uid`).
    public var currentUserID: String? {
        currentUser?.uid
    }

    /// `AuthUserInterop`: whether the signed-in user is anonymous; false when nobody is signed in
    /// (the same as `currentUser?.isAnonymous ?? false`).
    public var isAnonymous: Bool {
        currentUser?.isAnonymous ?? false
    }

    /// `AuthUserInterop`: the signed-in user's email, or nil (the same as `currentUser?.email`).
    public var email: String? {
        currentUser?.email
    }

    // MARK: AuthSignInInterop

    /// `AuthSignInInterop`: signs in anonymously (or keeps the anonymous user already signed in) and
    /// returns the uid.
    ///
    /// Disfavored, so that `try await auth.signInAnonymously()` means the Firebase-shaped method returning
    /// an ``AuthDataResult``; write `let uid: String = try await auth.signInAnonymously()` for this one.
    @_disfavoredOverload
    public func signInAnonymously() async throws -> String {
        let result: AuthDataResult = try await signInAnonymously()
        return result.user.uid
    }
}
