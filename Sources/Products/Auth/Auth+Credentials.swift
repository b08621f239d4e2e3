// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// Signing in with an AuthCredential (an identity provider's, or an email and password).

extension Auth {
    /// Signs in with a provider's credential, creating the account on first use for an identity provider, as
    /// the SDK's `signIn(with:)`.
    ///
    /// ```swift
    /// let credential = GoogleAuthProvider.credential(withIDToken: idToken, accessToken: accessToken)
    /// let result = try await auth.signIn(with: credential)
    /// result.additionalUserInfo?.isNewUser   // true the first time
    /// result.additionalUserInfo?.profile     // what Google said: ["sub": …, "email": …, "name": …]
    /// ```
    ///
    /// With LocalAuthBackend an identity provider's ID token may be an unsigned JWT or plain JSON with
    /// `sub`, `email`, `email_verified`, `name` and `picture`, as the Firebase Auth emulator accepts
    /// (`LocalAuthBackend.fakeIdPToken(…)` makes one); over REST the backend verifies it.
    ///
    /// - Returns: the user (a new User object), `additionalUserInfo` (provider, `profile`, `username`,
    ///   `isNewUser`) and, for an identity provider, the OAuthCredential it answered with.
    /// - Throws: AuthErrorCode/invalidCredential (a token the backend refuses),
    ///   AuthErrorCode/accountExistsWithDifferentCredential (the provider's email, unverified, belongs to
    ///   another account: its `updatedCredential` and `email` tell which), AuthErrorCode/userDisabled,
    ///   AuthErrorCode/operationNotAllowed (the provider is disabled); for an email and password, the errors of
    ///   signIn(withEmail:password:); for an email link, those of signIn(withEmail:link:).
    @discardableResult
    public func signIn(with credential: AuthCredential) async throws(AuthErrorCode) -> AuthDataResult {
        try checkSignInCredential(credential)
        let response = try await request { try await signInResponse(for: credential, autoCreate: true) }
        return try signInResult(response)
    }

    /// Refuses what no backend call can take: an empty password (`wrongPassword`, as
    /// `signIn(withEmail:password:)`), an email link that is not a sign-in link (`invalidActionCode`).
    func checkSignInCredential(_ credential: AuthCredential) throws(AuthErrorCode) {
        switch credential.kind {
        case .password(_, let password): if password.isEmpty { throw .wrongPassword }
        case .emailLink(_, let link): _ = try Self.emailSignInCode(of: link)
        case .idp: break
        }
    }

    /// The backend's sign-in answer for `credential` (`autoCreate` false for a reauthentication).
    func signInResponse(for credential: AuthCredential, autoCreate: Bool) async throws -> AuthBackendSession {
        switch credential.kind {
        case .password(let email, let password):
            return try await backend.signIn(email: email, password: password)
        case .emailLink(let email, let link):
            return try await backend.signIn(email: email, oobCode: Self.emailSignInCode(of: link), linkingTo: nil)
        case .idp(let assertion):
            return try await backend.signIn(withIdP: assertion, linkingTo: nil, autoCreate: autoCreate)
        }
    }
}
