// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The User calls that change who the account is: linking and unlinking providers, reauthenticating, the
// profile. (Email verification and the verified email change are in User+EmailVerification.swift.)

extension User {
    /// Links another provider's credential to this account, keeping its uid: an anonymous user linked to an
    /// email and password or to Google becomes a permanent account with the same data.
    ///
    /// ```swift
    /// let anonymous = try await auth.signInAnonymously().user
    /// try await anonymous.link(with: EmailAuthProvider.credential(withEmail: email, password: password))
    /// anonymous.isAnonymous   // false, same uid
    /// ```
    ///
    /// An email and password are linked with `accounts:signUp` and the user's ID token (as the SDK sends it;
    /// `additionalUserInfo` is then nil), an identity provider with `accounts:signInWithIdp` and the ID token.
    ///
    /// - Throws: AuthErrorCode/providerAlreadyLinked (this provider is linked already; before any request),
    ///   AuthErrorCode/credentialAlreadyInUse (the identity belongs to another account: the error's
    ///   `updatedCredential`, also under `AuthErrorUserInfoUpdatedCredentialKey` in its `NSError` user info, signs
    ///   in to that account), AuthErrorCode/emailAlreadyInUse, AuthErrorCode/requiresRecentLogin
    ///   (linking an email and password to an account that is not anonymous, with an old sign-in),
    ///   AuthErrorCode/weakPassword, AuthErrorCode/invalidCredential, AuthErrorCode/nullUser,
    ///   AuthErrorCode/invalidActionCode and AuthErrorCode/expiredActionCode (an email link), token errors.
    @discardableResult
    public func link(with credential: AuthCredential) async throws(AuthErrorCode) -> AuthDataResult {
        try await requireAuth().link(self, with: credential)
    }

    /// Unlinks a provider (`"password"`, `"google.com"`, …) from this account (`accounts:update` with
    /// `deleteProvider`).
    ///
    /// - Returns: this user, updated.
    /// - Throws: AuthErrorCode/noSuchProvider (not linked; before any request), AuthErrorCode/nullUser,
    ///   token errors.
    @discardableResult
    public func unlink(fromProvider provider: String) async throws(AuthErrorCode) -> User {
        try await requireAuth().unlink(self, fromProvider: provider)
    }

    /// Signs this user in again with `credential`, renewing the session: the way out of
    /// AuthErrorCode/requiresRecentLogin. The user stays signed in whatever happens.
    ///
    /// ```swift
    /// do {
    ///     try await user.updatePassword(to: newPassword)
    /// } catch .requiresRecentLogin {
    ///     try await user.reauthenticate(with: EmailAuthProvider.credential(withEmail: email, password: old))
    ///     try await user.updatePassword(to: newPassword)
    /// }
    /// ```
    ///
    /// - Returns: this user with `additionalUserInfo` (and, for an identity provider, its credential).
    /// - Throws: AuthErrorCode/userMismatch (the credential is another account's, or no account's),
    ///   AuthErrorCode/invalidCredential, AuthErrorCode/wrongPassword, AuthErrorCode/userDisabled,
    ///   AuthErrorCode/nullUser, AuthErrorCode/invalidActionCode (an email link that is not a sign-in link).
    @discardableResult
    public func reauthenticate(with credential: AuthCredential) async throws(AuthErrorCode) -> AuthDataResult {
        try await requireAuth().reauthenticate(self, with: credential)
    }

    /// A request to change this user's display name and photo: set its properties, then
    /// `commitChanges()`.
    ///
    /// ```swift
    /// let change = user.createProfileChangeRequest()
    /// change.displayName = "Ada Lovelace"
    /// try await change.commitChanges()
    /// user.displayName   // "Ada Lovelace"
    /// ```
    public func createProfileChangeRequest() -> UserProfileChangeRequest {
        UserProfileChangeRequest(self)
    }
}
