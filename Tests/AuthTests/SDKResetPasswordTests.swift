// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's ResetPasswordTests (`resetPassword`, v1 `accounts:resetPassword`, with and without
/// `newPassword`) and SetAccountInfoTests' `oobCode` (v1 `accounts:update`), with AuthTests' flows that send
/// them: `confirmPasswordReset`, `verifyPasswordResetCode`, `checkActionCode`, `applyActionCode`.
@Suite("SDK ResetPasswordTests, SetAccountInfo oobCode: accounts:resetPassword and accounts:update over REST")
struct SDKResetPasswordTests {
    static let oobCode = "OOBCode"
    static let newPassword = "newPassword:-)"

    /// The body of the last `method` request.
    static func body(_ server: TestHTTPServer, _ method: String) throws -> [String: Any] {
        try #require(server.requests.last { $0.lastPathComponent == method }).jsonBody
    }

    /// ResetPasswordTests.testResetPasswordRequest and AuthTests.testConfirmPasswordResetSuccess: `oobCode` and
    /// `newPassword`.
    @Test func confirmPasswordResetSendsTheCodeAndPassword() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            try await auth.confirmPasswordReset(withCode: Self.oobCode, newPassword: Self.newPassword)
            let body = try Self.body(server, "accounts:resetPassword")
            #expect(body.count == 2)
            #expect(body["oobCode"] as? String == Self.oobCode)
            #expect(body["newPassword"] as? String == Self.newPassword)
        }
    }

    /// ResetPasswordTests.testResetPasswordRequestErrors.
    @Test(arguments: [
        ("USER_DISABLED", AuthErrorCode.userDisabled),
        ("OPERATION_NOT_ALLOWED", .operationNotAllowed),
        ("EXPIRED_OOB_CODE", .expiredActionCode),
        ("INVALID_OOB_CODE", .invalidActionCode),
        ("WEAK_PASSWORD : ", .weakPassword),
    ])
    func resetPasswordErrorsMapToTheSDKsCodes(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        script.fail("accounts:resetPassword", message: message)
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            await #expect(throws: code) {
                try await auth.confirmPasswordReset(withCode: Self.oobCode, newPassword: Self.newPassword)
            }
            await #expect(throws: code) { try await auth.checkActionCode(Self.oobCode) }
        }
    }

    /// ResetPasswordTests.testSuccessfulResetPassword and AuthTests.testVerifyPasswordResetCodeSuccess: without
    /// a new password only `oobCode` is sent; the answer's `email` is the code's address.
    @Test func verifyPasswordResetCodeSendsOnlyTheCodeAndReturnsTheEmail() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            script.answer(
                "accounts:resetPassword", with: .json(#"{"email":"test@email.com","requestType":"PASSWORD_RESET"}"#))
            #expect(try await auth.verifyPasswordResetCode(Self.oobCode) == "test@email.com")
            let body = try Self.body(server, "accounts:resetPassword")
            #expect(body.count == 1)
            #expect(body["oobCode"] as? String == Self.oobCode)
        }
    }

    /// AuthTests.testCheckActionCodeSuccess (and the ActionCodeInfo mapping of each request type): the
    /// answer's `requestType` is the operation; with `newEmail`, `email` is the new address and
    /// `previousEmail` the old one.
    @Test(arguments: [
        ("PASSWORD_RESET", ActionCodeOperation.passwordReset),
        ("VERIFY_EMAIL", .verifyEmail),
        ("RECOVER_EMAIL", .recoverEmail),
        ("EMAIL_SIGNIN", .emailLink),
        ("VERIFY_AND_CHANGE_EMAIL", .verifyAndChangeEmail),
        ("REVERT_SECOND_FACTOR_ADDITION", .revertSecondFactorAddition),
        ("SOMETHING_NEW", .unknown),
    ])
    func checkActionCodeReadsTheOperation(requestType: String, operation: ActionCodeOperation) async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            script.answer(
                "accounts:resetPassword",
                with: .json(#"{"email":"old@example.com","requestType":"\#(requestType)"}"#))
            let info = try await auth.checkActionCode(Self.oobCode)
            #expect(info.operation == operation)
            #expect(info.email == "old@example.com")
            #expect(info.previousEmail == nil)
        }
    }

    /// AuthTests.testCheckActionCodeSuccess for an email change: `newEmail` becomes `email`.
    @Test func checkActionCodeOfAnEmailChangeHasBothAddresses() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            script.answer(
                "accounts:resetPassword",
                with: .json(
                    #"{"email":"old@example.com","newEmail":"new@example.com","requestType":"VERIFY_AND_CHANGE_EMAIL"}"#
                ))
            let info = try await auth.checkActionCode(Self.oobCode)
            #expect(info.operation == .verifyAndChangeEmail)
            #expect(info.email == "new@example.com")
            #expect(info.previousEmail == "old@example.com")
        }
    }

    /// An answer without `email` is not the expected JSON: `internalError`.
    @Test func anAnswerWithoutEmailIsInternalError() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:resetPassword", with: .json(#"{"requestType":"PASSWORD_RESET"}"#))
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            await #expect(throws: AuthErrorCode.internalError) { try await auth.verifyPasswordResetCode(Self.oobCode) }
        }
    }

    /// SetAccountInfoTests.testSetAccountInfoRequestOptionalFields (`oobCode`) and
    /// AuthTests.testApplyActionCodeSuccess: `accounts:update` with the code and `returnSecureToken`, no ID token.
    @Test func applyActionCodeSendsTheCodeToUpdate() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            script.answer("accounts:update", with: .json(#"{"email":"ada@example.com","emailVerified":true}"#))
            try await auth.applyActionCode(Self.oobCode)
            let body = try Self.body(server, "accounts:update")
            #expect(body.count == 2)
            #expect(body["oobCode"] as? String == Self.oobCode)
            #expect(body["returnSecureToken"] as? Bool == true)
            #expect(server.requests.count == 1)
        }
    }

    /// AuthTests.testApplyActionCodeFailure: `INVALID_OOB_CODE` and `EXPIRED_OOB_CODE`.
    @Test(arguments: [("INVALID_OOB_CODE", AuthErrorCode.invalidActionCode), ("EXPIRED_OOB_CODE", .expiredActionCode)])
    func applyActionCodeErrors(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        script.fail("accounts:update", message: message)
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            await #expect(throws: code) { try await auth.applyActionCode(Self.oobCode) }
        }
    }
}
