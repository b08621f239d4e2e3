// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import Foundation
import Hummingbird

/// Identity Toolkit's client routes (`/v1/accounts:<method>`, the ones an app's SDK calls with its API key)
/// and Secure Token's `token`.
struct AuthClientRoutes {
    let service: AuthService
    private var backend: LocalAuthBackend { service.backend }

    func respond(method: String, request: EmulatorRequest) async throws -> Response {
        let body = try request.jsonObject()
        let context = AuthRequestContext(
            languageCode: request.header("X-Firebase-Locale"), tenantID: try AuthJSON.string(body, "tenantId"))
        let answer: [String: Any] = try await AuthRequestContext.$current.withValue(context) {
            () async throws -> [String: Any] in
            try await AuthService.call { () async throws -> [String: Any] in
                try await self.answer(method: method, body: body)
            }
        }
        return EmulatorResponse.json(answer)
    }

    private func answer(method: String, body: [String: Any]) async throws -> [String: Any] {
        switch method {
        case "signUp": return try await signUp(body)
        case "signInWithPassword":
            let session = try await backend.signIn(
                email: try AuthJSON.string(body, "email") ?? "", password: try required(body, "password"))
            var answer = AuthJSON.session(session, kind: "VerifyPasswordResponse")
            answer["registered"] = true
            return answer
        case "signInWithCustomToken":
            let session = try await backend.signIn(
                customToken: try required(body, "token", missing: "MISSING_CUSTOM_TOKEN"))
            var answer = AuthJSON.session(session, kind: "VerifyCustomTokenResponse")
            answer["isNewUser"] = session.isNewUser
            return answer
        case "lookup":
            if let idToken = try AuthJSON.string(body, "idToken") {
                let account = try await backend.lookup(idToken: idToken)
                let users = backend.userRecord(uid: account.uid).map { [AuthJSON.user($0)] } ?? []
                return ["kind": "identitytoolkit#GetAccountInfoResponse", "users": users]
            }
            return try AuthAdminRoutes(service: service).lookup(body)
        case "update": return try await update(body)
        case "delete":
            if let idToken = try AuthJSON.string(body, "idToken") {
                try await backend.deleteAccount(idToken: idToken)
                return ["kind": "identitytoolkit#DeleteAccountResponse"]
            }
            return try AuthAdminRoutes(service: service).delete(body)
        case "sendOobCode": return try await sendOobCode(body)
        case "resetPassword": return try await resetPassword(body)
        case "signInWithIdp": return try await signInWithIdp(body)
        case "signInWithEmailLink":
            let session = try await backend.signIn(
                email: try AuthJSON.string(body, "email") ?? "",
                oobCode: try required(body, "oobCode", missing: "MISSING_OOB_CODE"),
                linkingTo: try AuthJSON.string(body, "idToken"))
            var answer = AuthJSON.session(session, kind: "EmailLinkSigninResponse")
            answer["isNewUser"] = session.isNewUser
            return answer
        case "createAuthUri":
            let methods = try await backend.fetchSignInMethods(
                email: try AuthJSON.string(body, "identifier") ?? "",
                continueURI: try AuthJSON.string(body, "continueUri") ?? "http://localhost")
            return [
                "kind": "identitytoolkit#CreateAuthUriResponse", "registered": !methods.isEmpty,
                "signinMethods": methods, "allProviders": methods.filter { $0 != "emailLink" },
                "sessionId": UUID().uuidString,
            ]
        default:
            throw AuthService.notFound("accounts:\(method)")
        }
    }

    /// `accounts:signUp`: with an ID token, links an email and password; with an email, creates a password
    /// account; with neither, an anonymous one.
    private func signUp(_ body: [String: Any]) async throws -> [String: Any] {
        let email = try AuthJSON.string(body, "email")
        let password = try AuthJSON.string(body, "password")
        let session: AuthBackendSession
        if let idToken = try AuthJSON.string(body, "idToken") {
            session = try await backend.link(
                idToken: idToken, email: email ?? "", password: try required(body, "password"))
        } else if email != nil || password != nil {
            session = try await backend.signUp(email: email ?? "", password: try required(body, "password"))
        } else {
            session = try await backend.signUpAnonymously()
        }
        return AuthJSON.session(session, kind: "SignupNewUserResponse")
    }

    /// `accounts:update`: with an ID token, the user's own changes (providers to unlink, profile, email, then
    /// password, which revokes the old token); with an `oobCode`, applies it; with a `localId`, an
    /// administrator's change.
    private func update(_ body: [String: Any]) async throws -> [String: Any] {
        guard let idToken = try AuthJSON.string(body, "idToken") else {
            if let code = try AuthJSON.string(body, "oobCode") {
                let info = try await backend.checkActionCode(code)
                try await backend.applyActionCode(code)
                var answer: [String: Any] = ["kind": "identitytoolkit#SetAccountInfoResponse", "email": info.email]
                answer["requestType"] = Self.requestType(of: info.operation)
                return answer
            }
            return try AuthAdminRoutes(service: service).update(body)
        }
        var session: AuthBackendSession?
        var token = idToken
        func advance(_ next: AuthBackendSession?) {
            guard let next else { return }
            session = next
            token = next.idToken
        }
        let deleted = try AuthJSON.strings(body, "deleteProvider")
        if !deleted.isEmpty { advance(try await backend.unlink(idToken: token, providerIDs: deleted)) }
        let displayName = try AuthJSON.string(body, "displayName")
        let photo = try AuthJSON.string(body, "photoUrl")
        let deletedAttributes = try AuthJSON.strings(body, "deleteAttribute")
        if displayName != nil || photo != nil || !deletedAttributes.isEmpty {
            advance(
                try await backend.updateProfile(
                    idToken: token,
                    changes: AuthProfileChanges(
                        displayName: displayName, photoURL: photo.flatMap(URL.init(string:)),
                        deleteAttributes: deletedAttributes)))
        }
        if let email = try AuthJSON.string(body, "email") {
            advance(try await backend.updateEmail(idToken: token, email: email))
        }
        if let password = try AuthJSON.string(body, "password") {
            advance(try await backend.updatePassword(idToken: token, newPassword: password))
        }
        let account: AuthAccount
        if let session {
            account = session.account
        } else {
            account = try await backend.lookup(idToken: token)
        }
        var answer: [String: Any] = [
            "kind": "identitytoolkit#SetAccountInfoResponse", "localId": account.uid,
            "emailVerified": account.isEmailVerified,
            "providerUserInfo": account.providerData.map(AuthJSON.providerInfo),
        ]
        answer["email"] = account.email
        answer["displayName"] = account.displayName
        answer["photoUrl"] = account.photoURL?.absoluteString
        if let session {
            answer.merge(AuthJSON.session(session, kind: "SetAccountInfoResponse")) { _, new in new }
        }
        return answer
    }

    private func sendOobCode(_ body: [String: Any]) async throws -> [String: Any] {
        guard let raw = try AuthJSON.string(body, "requestType"),
            let type = AuthOobCodeRequest.RequestType(rawValue: raw)
        else {
            throw EmulatorHTTPError(.badRequest, "INVALID_REQ_TYPE : requestType is missing or not supported")
        }
        let request = AuthOobCodeRequest(
            requestType: type, email: try AuthJSON.string(body, "email"),
            newEmail: try AuthJSON.string(body, "newEmail"), idToken: try AuthJSON.string(body, "idToken"),
            continueURL: try AuthJSON.string(body, "continueUrl"),
            canHandleCodeInApp: try AuthJSON.bool(body, "canHandleCodeInApp") ?? false,
            iOSBundleID: try AuthJSON.string(body, "iOSBundleId"),
            androidPackageName: try AuthJSON.string(body, "androidPackageName"),
            androidInstallApp: try AuthJSON.bool(body, "androidInstallApp") ?? false,
            androidMinimumVersion: try AuthJSON.string(body, "androidMinimumVersion"),
            dynamicLinkDomain: try AuthJSON.string(body, "dynamicLinkDomain"),
            linkDomain: try AuthJSON.string(body, "linkDomain"))
        try await backend.sendOobCode(request)
        var answer: [String: Any] = ["kind": "identitytoolkit#GetOobConfirmationCodeResponse"]
        answer["email"] = request.newEmail ?? request.email
        return answer
    }

    /// `accounts:resetPassword`: with `newPassword`, sets it; without, describes the code.
    private func resetPassword(_ body: [String: Any]) async throws -> [String: Any] {
        let code = try required(body, "oobCode", missing: "MISSING_OOB_CODE")
        let info = try await backend.checkActionCode(code)
        if let password = try AuthJSON.string(body, "newPassword") {
            try await backend.confirmPasswordReset(code: code, newPassword: password)
        }
        var answer: [String: Any] = [
            "kind": "identitytoolkit#ResetPasswordResponse", "email": info.previousEmail ?? info.email,
        ]
        answer["requestType"] = Self.requestType(of: info.operation)
        if info.previousEmail != nil { answer["newEmail"] = info.email }
        return answer
    }

    /// `accounts:signInWithIdp`: the `postBody` form (`providerId`, `id_token`, `access_token`,
    /// `oauth_token_secret`, `nonce`, `user`) as an assertion of a fake identity provider.
    private func signInWithIdp(_ body: [String: Any]) async throws -> [String: Any] {
        let form = EmulatorRequest.queryParameters(of: try AuthJSON.string(body, "postBody"))
        guard let provider = form["providerId"] else {
            throw EmulatorHTTPError(.badRequest, "INVALID_IDP_RESPONSE : postBody has no providerId")
        }
        var givenName: String?
        var familyName: String?
        if let user = form["user"], let object = try? JSONSerialization.jsonObject(with: Data(user.utf8)),
            let name = (object as? [String: Any])?["name"] as? [String: Any]
        {
            givenName = name["firstName"] as? String
            familyName = name["lastName"] as? String
        }
        let assertion = AuthIdPAssertion(
            providerID: provider, idToken: form["id_token"], accessToken: form["access_token"],
            secret: form["oauth_token_secret"], rawNonce: form["nonce"], givenName: givenName, familyName: familyName,
            pendingToken: try AuthJSON.string(body, "pendingToken"))
        let session: AuthBackendSession
        do {
            session = try await backend.signIn(
                withIdP: assertion, linkingTo: try AuthJSON.string(body, "idToken"),
                autoCreate: try AuthJSON.bool(body, "autoCreate") ?? true)
        } catch AuthErrorCode.accountExistsWithDifferentCredential {
            return [
                "kind": "identitytoolkit#VerifyAssertionResponse", "needConfirmation": true, "providerId": provider,
            ]
        }
        var answer = AuthJSON.session(session, kind: "VerifyAssertionResponse")
        answer["isNewUser"] = session.isNewUser
        answer["providerId"] = session.idp?.providerID ?? provider
        if let idp = session.idp {
            answer["email"] = idp.email ?? session.account.email
            answer["oauthIdToken"] = idp.oauthIDToken
            answer["oauthAccessToken"] = idp.oauthAccessToken
            answer["oauthTokenSecret"] = idp.oauthSecret
            answer["pendingToken"] = idp.pendingToken
            answer["screenName"] = idp.username
            if let profile = idp.profile, let data = try? JSONEncoder().encode(profile) {
                answer["rawUserInfo"] = String(decoding: data, as: UTF8.self)
            }
        }
        return answer
    }

    /// Secure Token `token`: `grant_type=refresh_token` and `refresh_token`, as a form or JSON (`grantType`,
    /// `refreshToken`), answered with `id_token`, `access_token`, `refresh_token`, `expires_in`, `user_id`,
    /// `project_id`, `token_type`.
    func token(_ request: EmulatorRequest) async throws -> Response {
        let isForm = request.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true
        var fields: [String: String] = [:]
        if isForm {
            fields = EmulatorRequest.queryParameters(of: String(decoding: request.body, as: UTF8.self))
        } else {
            for (key, value) in try request.jsonObject() { fields[key] = value as? String }
        }
        let grantType = fields["grant_type"] ?? fields["grantType"]
        guard grantType == "refresh_token" else {
            throw EmulatorHTTPError(
                .badRequest, grantType == nil ? "MISSING_GRANT_TYPE" : "INVALID_GRANT_TYPE")
        }
        guard let refreshToken = fields["refresh_token"] ?? fields["refreshToken"], !refreshToken.isEmpty else {
            throw EmulatorHTTPError(.badRequest, "MISSING_REFRESH_TOKEN")
        }
        let session = try await AuthService.call(secureToken: true) {
            try await backend.refreshSession(refreshToken: refreshToken)
        }
        let expiresIn = String(max(0, Int(session.expirationDate.timeIntervalSinceNow.rounded())))
        return EmulatorResponse.json([
            "id_token": session.idToken, "access_token": session.idToken, "refresh_token": session.refreshToken,
            "expires_in": expiresIn, "user_id": session.account.uid, "project_id": service.projectID,
            "token_type": "Bearer",
        ])
    }

    private func required(_ body: [String: Any], _ key: String, missing: String? = nil) throws(EmulatorHTTPError)
        -> String
    {
        guard let value = try AuthJSON.string(body, key) else {
            throw EmulatorHTTPError(.badRequest, missing ?? "MISSING_\(key.uppercased())")
        }
        return value
    }

    static func requestType(of operation: ActionCodeOperation) -> String? {
        switch operation {
        case .passwordReset: "PASSWORD_RESET"
        case .verifyEmail: "VERIFY_EMAIL"
        case .recoverEmail: "RECOVER_EMAIL"
        case .emailLink: "EMAIL_SIGNIN"
        case .verifyAndChangeEmail: "VERIFY_AND_CHANGE_EMAIL"
        case .revertSecondFactorAddition: "REVERT_SECOND_FACTOR_ADDITION"
        default: nil
        }
    }
}
