// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation
import Testing

@testable import FlintAuth

/// The SDK's per-error `NSError` user info (AuthErrorUtils), carried by ``AuthErrorCode``.
@Suite("SDK AuthErrorUtils: the user info of credential errors")
struct SDKAuthErrorUserInfoTests {
    /// The SDK's `AuthErrorUtils.credentialAlreadyInUseError(message:credential:email:)`: the credential under
    /// `FIRAuthErrorUserInfoUpdatedCredentialKey`, the email under `FIRAuthErrorUserInfoEmailKey`; an error
    /// without details has neither. Codes with details still compare and match by code.
    @Test func detailsBridgeToTheSDKsUserInfoKeys() throws {
        let credential = OAuthProvider.credential(providerID: .google, idToken: "t")
        let error = AuthErrorCode.credentialAlreadyInUse.with(
            AuthErrorDetails(updatedCredential: credential, email: adaEmail))
        let bridged = error as NSError
        #expect(AuthErrorUserInfoUpdatedCredentialKey == "FIRAuthErrorUserInfoUpdatedCredentialKey")
        #expect(AuthErrorUserInfoEmailKey == "FIRAuthErrorUserInfoEmailKey")
        #expect(AuthErrorUserInfoNameKey == "FIRAuthErrorUserInfoNameKey")
        #expect(bridged.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential === credential)
        #expect(bridged.userInfo[AuthErrorUserInfoEmailKey] as? String == adaEmail)
        #expect(bridged.userInfo[AuthErrorUserInfoNameKey] as? String == "ERROR_CREDENTIAL_ALREADY_IN_USE")
        #expect(error == .credentialAlreadyInUse)
        #expect(error.hashValue == AuthErrorCode.credentialAlreadyInUse.hashValue)
        #expect(AuthErrorCode(rawValue: 17025) == .credentialAlreadyInUse)
        #expect(AuthErrorCode(rawValue: 12345) == nil)
        let plain = AuthErrorCode.credentialAlreadyInUse as NSError
        #expect(plain.userInfo[AuthErrorUserInfoUpdatedCredentialKey] == nil)
        #expect(plain.userInfo[AuthErrorUserInfoEmailKey] == nil)
        let thrown: any Error = error
        switch thrown {
        case AuthErrorCode.credentialAlreadyInUse: break
        default: Issue.record("an untyped catch pattern does not match the code")
        }
    }
}
