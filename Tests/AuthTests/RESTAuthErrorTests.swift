// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth over REST: server errors, transport failures and malformed answers")
struct RESTAuthErrorTests {
    /// The server messages and the codes the Firebase Apple SDK maps them to (INVALID_REFRESH_TOKEN: see
    /// ``RESTAuthErrors/serverMessages``).
    static let table: [(String, AuthErrorCode)] = [
        ("EMAIL_EXISTS", .emailAlreadyInUse),
        ("INVALID_PASSWORD", .wrongPassword),
        ("EMAIL_NOT_FOUND", .userNotFound),
        ("INVALID_LOGIN_CREDENTIALS", .invalidCredential),
        ("WEAK_PASSWORD : Password should be at least 6 characters", .weakPassword),
        ("WEAK_PASSWORD", .weakPassword),
        ("USER_DISABLED", .userDisabled),
        ("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled", .tooManyRequests),
        ("TOKEN_EXPIRED", .userTokenExpired),
        ("INVALID_ID_TOKEN", .invalidUserToken),
        ("USER_NOT_FOUND", .userNotFound),
        ("INVALID_EMAIL", .invalidEmail),
        ("INVALID_IDENTIFIER", .invalidEmail),
        ("OPERATION_NOT_ALLOWED", .operationNotAllowed),
        ("PASSWORD_LOGIN_DISABLED", .operationNotAllowed),
        ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .requiresRecentLogin),
        ("INVALID_REFRESH_TOKEN", .invalidUserToken),
        ("EXPIRED_OOB_CODE", .expiredActionCode),
        ("INVALID_OOB_CODE", .invalidActionCode),
        ("MISSING_EMAIL", .missingEmail),
        ("INVALID_IDP_RESPONSE", .invalidCredential),
        ("INVALID_PENDING_TOKEN", .invalidCredential),
        ("INVALID_MESSAGE_PAYLOAD", .invalidMessagePayload),
        ("INVALID_SENDER", .invalidSender),
        ("INVALID_RECIPIENT_EMAIL", .invalidRecipientEmail),
        ("QUOTA_EXCEEDED : Exceeded quota for email lookup.", .quotaExceeded),
        ("ADMIN_ONLY_OPERATION", .adminRestrictedOperation),
        (
            "BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to http://127.0.0.1/f returned HTTP error 400))",
            .blockingCloudFunctionError
        ),
        ("INVALID_CUSTOM_TOKEN : Detailed Error", .invalidCustomToken),
        ("CREDENTIAL_MISMATCH", .customTokenMismatch),
        ("TENANT_ID_MISMATCH", .tenantIDMismatch),
        ("FEDERATED_USER_ID_ALREADY_LINKED", .credentialAlreadyInUse),
        ("FEDERATED_USER_ID_ALREADY_LINKED:", .credentialAlreadyInUse),
        ("MISSING_OR_INVALID_NONCE : Nonce is missing in the request.", .missingOrInvalidNonce),
        ("MISSING_CONTINUE_URI", .missingContinueURI),
        ("MISSING_IOS_BUNDLE_ID", .missingIosBundleID),
        ("MISSING_ANDROID_PACKAGE_NAME", .missingAndroidPackageName),
        ("UNAUTHORIZED_DOMAIN", .unauthorizedDomain),
        ("INVALID_CONTINUE_URI : detail", .invalidContinueURI),
        ("INVALID_HOSTING_LINK_DOMAIN", .invalidHostingLinkDomain),
        ("SOMETHING_NEW", .internalError),
        ("INVALID_PHONE_NUMBER", .internalError),
        ("", .internalError),
    ]

    @Test func theTableCoversEveryMappedMessage() {
        let short = Set(Self.table.map { String($0.0.prefix { $0 != " " }) })
        #expect(Set(RESTAuthErrors.serverMessages.keys).isSubset(of: short))
        for (message, code) in Self.table {
            #expect(RESTAuthErrors.code(forServerMessage: message) == code, "\(message)")
        }
        #expect(RESTAuthErrors.code(forServerMessage: " USER_DISABLED:detail: more") == .userDisabled)
    }

    @Test(arguments: table)
    func aServerMessageIsMappedOnTheWire(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        script.fail("accounts:signInWithPassword", message: message)
        script.fail("token", message: message)
        try await withTestHTTPServer(script.handler) { server in
            let backend = restBackend(server)
            await #expect(throws: code) { try await backend.signIn(email: adaEmail, password: adaPassword) }
            await #expect(throws: code) { try await backend.refreshSession(refreshToken: "r") }
            #expect(server.requests.count == 2)  // no lookup after an error
        }
    }

    @Test func anInvalidKeyReasonIsInvalidAPIKey() async throws {
        let script = RESTAuthScript()
        script.fail("accounts:signUp", message: "API key not valid. Please pass a valid API key.", reason: "keyInvalid")
        try await withTestHTTPServer(script.handler) { server in
            await #expect(throws: AuthErrorCode.invalidAPIKey) { try await restBackend(server).signUpAnonymously() }
        }
        #expect(RESTAuthErrors.code(forServerMessage: "EMAIL_EXISTS", reasons: ["keyInvalid"]) == .emailAlreadyInUse)
    }

    /// An API key restricted to other apps (the SDK's `ipRefererBlocked` reason) is `appNotAuthorized`, on
    /// every endpoint; the first decisive reason wins, as in the SDK's loop.
    @Test func aBlockedRefererReasonIsAppNotAuthorized() async throws {
        let message = "Requests from this iOS client application <empty> are blocked."
        let script = RESTAuthScript()
        script.fail("accounts:signInWithPassword", message: message, status: 403, reason: "ipRefererBlocked")
        script.fail("token", message: message, status: 403, reason: "ipRefererBlocked")
        try await withTestHTTPServer(script.handler) { server in
            let backend = restBackend(server)
            await #expect(throws: AuthErrorCode.appNotAuthorized) {
                try await backend.signIn(email: adaEmail, password: adaPassword)
            }
            await #expect(throws: AuthErrorCode.appNotAuthorized) {
                try await backend.refreshSession(refreshToken: "r")
            }
        }
        #expect(
            RESTAuthErrors.code(forServerMessage: message, reasons: ["other", "ipRefererBlocked"]) == .appNotAuthorized)
        #expect(
            RESTAuthErrors.code(forServerMessage: message, reasons: ["keyInvalid", "ipRefererBlocked"])
                == .invalidAPIKey)
        #expect(
            RESTAuthErrors.code(forServerMessage: message, reasons: ["ipRefererBlocked", "keyInvalid"])
                == .appNotAuthorized)
        #expect(RESTAuthErrors.code(forServerMessage: "USER_DISABLED", reasons: ["ipRefererBlocked"]) == .userDisabled)
    }

    @Test func aDroppedConnectionIsANetworkError() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:signUp", with: .closeWithoutResponse)
        script.answer("token", with: .closeWithoutResponse)
        try await withTestHTTPServer(script.handler) { server in
            let backend = restBackend(server)
            await #expect(throws: AuthErrorCode.networkError) { try await backend.signUpAnonymously() }
            await #expect(throws: AuthErrorCode.networkError) { try await backend.refreshSession(refreshToken: "r") }
        }
    }

    @Test func aBodyCutShortIsANetworkError() async throws {
        let script = RESTAuthScript()
        script.answer(
            "accounts:delete",
            with: TestHTTPResponse.json(#"{"kind":"identitytoolkit#DeleteAccountResponse"}"#)
                .truncated(afterBodyBytes: 5))
        try await withTestHTTPServer(script.handler) { server in
            await #expect(throws: AuthErrorCode.networkError) {
                try await restBackend(server).deleteAccount(idToken: "t")
            }
        }
    }

    @Test func aServerThatIsGoneIsANetworkError() async throws {
        // Port 1 (tcpmux) on loopback: privileged and unused, so the connection is refused. (A port freed by a
        // stopped server could be handed to a parallel test's server in between.)
        let backend = RESTAuthBackend(
            apiKey: "flint-test-api-key", endpoint: .emulator(host: "127.0.0.1", port: 1),
            appID: FlintOptions.testing.googleAppID, timeout: 10)
        await #expect(throws: AuthErrorCode.networkError) { try await backend.sendPasswordResetEmail(email: adaEmail) }
    }

    @Test(arguments: [
        TestHTTPResponse.json("{not json"),
        .json("[1,2,3]"),
        .json("\"text\""),
        .text("<html>502</html>", status: 502),
        .json("{}", status: 500),
        .json(#"{"error":"EMAIL_EXISTS"}"#, status: 400),
        .json(#"{"error":{"code":400}}"#, status: 400),
        .text(""),
    ])
    func aMalformedAnswerIsAnInternalError(response: TestHTTPResponse) async throws {
        let script = RESTAuthScript()
        script.answer("accounts:sendOobCode", with: response)
        try await withTestHTTPServer(script.handler) { server in
            await #expect(throws: AuthErrorCode.internalError) {
                try await restBackend(server).sendPasswordResetEmail(email: adaEmail)
            }
        }
    }

    @Test(arguments: [
        #"{"refreshToken":"r","expiresIn":"3600"}"#,  // no idToken
        #"{"idToken":"","refreshToken":"r","expiresIn":"3600"}"#,  // empty idToken
        #"{"idToken":"t","expiresIn":"3600"}"#,  // no refreshToken
        #"{"idToken":"t","refreshToken":"r"}"#,  // no expiresIn
        #"{"idToken":"t","refreshToken":"r","expiresIn":"soon"}"#,
        #"{"idToken":"t","refreshToken":"r","expiresIn":"-5"}"#,
        #"{"idToken":"t","refreshToken":"r","expiresIn":"1e300"}"#,
        #"{"idToken":42,"refreshToken":"r","expiresIn":"3600"}"#,
    ])
    func aSignInAnswerWithoutUsableTokensIsAnInternalError(body: String) async throws {
        let script = RESTAuthScript()
        script.answer("accounts:signInWithPassword", with: .json(body))
        try await withTestHTTPServer(script.handler) { server in
            await #expect(throws: AuthErrorCode.internalError) {
                try await restBackend(server).signIn(email: adaEmail, password: adaPassword)
            }
            #expect(server.requests.count == 1)
        }
    }

    @Test func aLookupUserWithoutLocalIdIsAnInternalError() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:lookup", with: .json(#"{"users":[{"email":"a@b.c"}]}"#))
        try await withTestHTTPServer(script.handler) { server in
            await #expect(throws: AuthErrorCode.internalError) { try await restBackend(server).lookup(idToken: "t") }
            script.answer("accounts:lookup", with: .json(#"{"users":["nope"]}"#))
            await #expect(throws: AuthErrorCode.internalError) { try await restBackend(server).lookup(idToken: "t") }
        }
    }

    @Test func aHugeAnswerIsAnInternalError() async throws {
        let script = RESTAuthScript()
        let padding = String(repeating: "x", count: RESTAuthHTTP.maximumResponseSize)
        script.answer("accounts:sendOobCode", with: .json(#"{"email":"\#(padding)"}"#))
        try await withTestHTTPServer(script.handler) { server in
            await #expect(throws: AuthErrorCode.internalError) {
                try await restBackend(server).sendPasswordResetEmail(email: adaEmail)
            }
        }
    }

    @Test func aDeeplyNestedAnswerIsAnInternalError() async throws {
        let script = RESTAuthScript()
        let deep = #"{"a":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        script.answer("accounts:sendOobCode", with: .json(deep))
        script.fail("accounts:delete", message: "EMAIL_EXISTS : " + String(repeating: "{", count: 100), status: 400)
        try await withTestHTTPServer(script.handler) { server in
            let backend = restBackend(server)
            await #expect(throws: AuthErrorCode.internalError) {
                try await backend.sendPasswordResetEmail(email: adaEmail)
            }
            // Brackets inside strings do not count as nesting.
            await #expect(throws: AuthErrorCode.emailAlreadyInUse) { try await backend.deleteAccount(idToken: "t") }
        }
    }

    @Test func nestingIsMeasuredOutsideStrings() {
        let limit = RESTAuthHTTP.maximumNestingDepth
        #expect(
            RESTAuthHTTP.nestingIsBounded(
                Data((String(repeating: "[", count: limit) + String(repeating: "]", count: limit)).utf8)))
        #expect(!RESTAuthHTTP.nestingIsBounded(Data(String(repeating: "[", count: limit + 1).utf8)))
        #expect(
            RESTAuthHTTP.nestingIsBounded(
                Data(#"{"a":"\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}"#.utf8)))
    }
}
