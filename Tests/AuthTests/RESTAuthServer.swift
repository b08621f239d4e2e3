// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// A scripted Identity Toolkit + Secure Token server for ``TestHTTPServer``: every method has a default
/// answer (a successful one, for uid `uid-ada` / `ada@example.com`), and a test can replace the answer of any
/// method (`accounts:signUp`, …, `token` for the Secure Token API).
final class RESTAuthScript: Sendable {
    private let overrides = Locked<[String: TestHTTPResponse]>([:])

    /// Answers `method` with `response` from now on.
    func answer(_ method: String, with response: TestHTTPResponse) {
        overrides.withLock { $0[method] = response }
    }

    /// Answers `method` with Firebase's error shape: `{"error": {"code": status, "message": message, …}}`.
    func fail(_ method: String, message: String, status: Int = 400, reason: String = "invalid") {
        answer(method, with: .json(Self.errorBody(message: message, status: status, reason: reason), status: status))
    }

    static func errorBody(message: String, status: Int = 400, reason: String = "invalid") -> String {
        #"{"error":{"code":\#(status),"message":"\#(message)","errors":[{"message":"\#(message)","domain":"global","reason":"\#(reason)"}]}}"#
    }

    /// The handler to pass to `withTestHTTPServer`.
    var handler: TestHTTPServer.Handler {
        { request in
            let method = request.lastPathComponent
            if let response = self.overrides.withLock({ $0[method] }) { return response }
            return Self.defaultAnswer(method)
        }
    }

    static let uid = "uid-ada"

    static func defaultAnswer(_ method: String) -> TestHTTPResponse {
        switch method {
        case "accounts:signUp":
            .json(
                tokens(
                    idToken: idToken(provider: "password", iat: 1), refreshToken: "refresh-1",
                    extra:
                        #""localId":"\#(uid)","email":"ada@example.com","kind":"identitytoolkit#SignupNewUserResponse""#
                ))
        case "accounts:signInWithPassword":
            .json(
                tokens(
                    idToken: idToken(provider: "password", iat: 2), refreshToken: "refresh-2",
                    extra: #""localId":"\#(uid)","email":"ada@example.com","registered":true"#))
        case "accounts:signInWithCustomToken":
            .json(
                tokens(
                    idToken: idToken(provider: "custom", iat: 5), refreshToken: "refresh-custom", expiresIn: "12345",
                    extra: #""isNewUser":true,"kind":"identitytoolkit#VerifyCustomTokenResponse""#))
        case "accounts:update":
            .json(
                tokens(
                    idToken: idToken(provider: "password", iat: 3), refreshToken: "refresh-3",
                    extra: #""localId":"\#(uid)","email":"ada@example.com""#))
        case "accounts:lookup":
            .json(#"{"kind":"identitytoolkit#GetAccountInfoResponse","users":[\#(lookupUser)]}"#)
        case "accounts:delete":
            .json(#"{"kind":"identitytoolkit#DeleteAccountResponse"}"#)
        case "accounts:sendOobCode":
            .json(#"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"ada@example.com"}"#)
        case "accounts:resetPassword":
            .json(#"{"email":"ada@example.com","requestType":"PASSWORD_RESET"}"#)
        case "token":
            .json(
                #"{"access_token":"\#(idToken(provider: "password", iat: 4))","expires_in":"3600","token_type":"Bearer","#
                    + #""refresh_token":"refresh-4","id_token":"\#(idToken(provider: "password", iat: 4))","user_id":"\#(uid)","project_id":"1234"}"#
            )
        default:
            .json(errorBody(message: "NOT_FOUND", status: 404), status: 404)
        }
    }

    static let lookupUser =
        #"{"localId":"\#(uid)","email":"Ada@Example.com","emailVerified":true,"#
        + #""providerUserInfo":[{"providerId":"password","email":"ada@example.com","federatedId":"ada@example.com","rawId":"ada@example.com"}],"#
        + #""passwordHash":"x","passwordUpdatedAt":1700000000000,"validSince":"1700000000","#
        + #""createdAt":"1700000000000","lastLoginAt":"1700000500000","disabled":false}"#

    static func tokens(idToken: String, refreshToken: String, expiresIn: String = "3600", extra: String) -> String {
        #"{"idToken":"\#(idToken)","refreshToken":"\#(refreshToken)","expiresIn":"\#(expiresIn)",\#(extra)}"#
    }

    /// An unsigned JWT with the emulator's claims.
    static func idToken(provider: String, iat: Int, uid: String = uid) -> String {
        let payload =
            #"{"iss":"https://securetoken.google.com/flint-test","aud":"flint-test","auth_time":1700000000,"#
            + #""user_id":"\#(uid)","sub":"\#(uid)","iat":\#(1_700_000_000 + iat),"exp":\#(1_700_003_600 + iat),"#
            + #""email":"ada@example.com","email_verified":true,"#
            + #""firebase":{"identities":{"email":["ada@example.com"]},"sign_in_provider":"\#(provider)"}}"#
        func base64URL(_ text: String) -> String {
            Data(text.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        return base64URL(#"{"alg":"none","typ":"JWT"}"#) + "." + base64URL(payload) + "."
    }
}

extension TestHTTPRequest {
    /// The body as a JSON object (empty when it is not one).
    var jsonBody: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
}

/// A REST backend pointed at `server` as an emulator, with the test options' key and app ID.
func restBackend(_ server: TestHTTPServer, apiKey: String? = "flint-test-api-key") -> RESTAuthBackend {
    RESTAuthBackend(
        apiKey: apiKey, endpoint: .emulator(host: server.host, port: server.port),
        appID: FlintOptions.testing.googleAppID, timeout: 10)
}

/// An app's Auth (in a private registry) pointed at `server` with `useEmulator`.
func emulatedAuth(_ server: TestHTTPServer, options: FlintOptions = .testing) throws -> Auth {
    let app = try TestApp.make(libraries: [AuthLibrary.self], options: options)
    let auth = try Auth.auth(app: app)
    #expect(auth.backend is LocalAuthBackend)  // the embedded backend stays the default
    auth.useEmulator(withHost: server.host, port: server.port)
    return auth
}
