// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The default out-of-band-code and email calls of an AuthBackend, for backends written before them.

extension AuthBackend {
    /// Sends a password reset through ``sendPasswordResetEmail(email:)`` (its settings are dropped); refuses the
    /// other kinds of code with ``AuthErrorCode/operationNotAllowed``.
    public func sendOobCode(_ request: AuthOobCodeRequest) async throws {
        guard request.requestType == .passwordReset, let email = request.email else {
            throw AuthErrorCode.operationNotAllowed
        }
        try await sendPasswordResetEmail(email: email)
    }

    /// Refuses: throws ``AuthErrorCode/operationNotAllowed``.
    public func checkActionCode(_ code: String) async throws -> ActionCodeInfo {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses: throws ``AuthErrorCode/operationNotAllowed``.
    public func applyActionCode(_ code: String) async throws {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses email links: throws ``AuthErrorCode/operationNotAllowed``.
    public func signIn(email: String, oobCode: String, linkingTo idToken: String?) async throws -> AuthBackendSession {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses: throws ``AuthErrorCode/operationNotAllowed``.
    public func fetchSignInMethods(email: String, continueURI: String) async throws -> [String] {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses: throws ``AuthErrorCode/operationNotAllowed``.
    public func updateEmail(idToken: String, email: String) async throws -> AuthBackendSession? {
        throw AuthErrorCode.operationNotAllowed
    }
}
