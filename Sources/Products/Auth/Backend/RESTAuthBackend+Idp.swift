// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// accounts:signInWithIdp, as the SDK's VerifyAssertionRequest and VerifyAssertionResponse.

extension RESTAuthBackend {
    /// The `requestUri` the SDK sends when there is no redirect (unused by the server, but required).
    static let idpRequestURI = "http://localhost"

    /// `accounts:signInWithIdp` `{requestUri: "http://localhost", postBody, returnSecureToken: true,
    /// returnIdpCredential: true, autoCreate, idToken?, pendingToken?, tenantId?}`, then `accounts:lookup`.
    ///
    /// With `returnIdpCredential` the server may answer 200 with an `errorMessage`; as the SDK,
    /// `FEDERATED_USER_ID_ALREADY_LINKED` is then `credentialAlreadyInUse` and `EMAIL_EXISTS`
    /// `emailAlreadyInUse`, carrying the answer's credential and email, and `needConfirmation` is
    /// `accountExistsWithDifferentCredential`.
    public func signIn(withIdP assertion: AuthIdPAssertion, linkingTo idToken: String?, autoCreate: Bool)
        async throws -> AuthBackendSession
    {
        var body: [String: Any] = [
            "requestUri": Self.idpRequestURI, "postBody": Self.postBody(of: assertion), "returnSecureToken": true,
            "returnIdpCredential": true, "autoCreate": autoCreate,
        ]
        if let idToken { body["idToken"] = idToken }
        if let pendingToken = assertion.pendingToken { body["pendingToken"] = pendingToken }
        let answer = try await identityToolkit("accounts:signInWithIdp", withTenant(body))
        let idp = Self.idpResponse(from: answer, providerID: assertion.providerID)
        let details = AuthErrorDetails(updatedCredential: OAuthCredential(idp), email: idp.email)
        if let message = answer["errorMessage"] as? String {
            throw RESTAuthErrors.code(forServerMessage: message).with(details)
        }
        if answer["needConfirmation"] as? Bool == true {
            throw AuthErrorCode.accountExistsWithDifferentCredential.with(details)
        }
        return try await session(
            from: answer, keys: .identityToolkit, isNewUser: answer["isNewUser"] as? Bool ?? false,
            provider: idp.providerID, idp: idp)
    }

    /// The `postBody` of `assertion`, built as the SDK builds it: `URLComponents` query items `providerId`,
    /// `id_token`, `nonce`, `access_token`, `oauth_token_secret`, `user` (`{"name":{"firstName":…,"lastName":…}}`,
    /// sorted keys), read back as its `query`.
    static func postBody(of assertion: AuthIdPAssertion) -> String {
        var items = [URLQueryItem(name: "providerId", value: assertion.providerID)]
        if let idToken = assertion.idToken { items.append(URLQueryItem(name: "id_token", value: idToken)) }
        if let nonce = assertion.rawNonce { items.append(URLQueryItem(name: "nonce", value: nonce)) }
        if let accessToken = assertion.accessToken {
            items.append(URLQueryItem(name: "access_token", value: accessToken))
        }
        if let secret = assertion.secret { items.append(URLQueryItem(name: "oauth_token_secret", value: secret)) }
        if assertion.givenName != nil || assertion.familyName != nil {
            var name: [String: String] = [:]
            name["firstName"] = assertion.givenName
            name["lastName"] = assertion.familyName
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            if let data = try? encoder.encode(["name": name]) {
                items.append(URLQueryItem(name: "user", value: String(decoding: data, as: UTF8.self)))
            }
        }
        var components = URLComponents()
        components.queryItems = items
        return components.query ?? ""
    }

    /// The parts of a `signInWithIdp` answer the SDK reads: `providerId`, `rawUserInfo` (a JSON string or an
    /// object), `username` (else the emulator's `screenName`), `email`, `oauthIdToken`, `oauthAccessToken`,
    /// `oauthTokenSecret`, `pendingToken`.
    static func idpResponse(from answer: [String: Any], providerID: String) -> AuthIdPResponse {
        var profile: [String: AuthClaimValue]?
        switch answer["rawUserInfo"] {
        case let text as String:
            profile = try? JSONDecoder().decode([String: AuthClaimValue].self, from: Data(text.utf8))
        case let object as [String: Any]:
            profile = (try? JSONSerialization.data(withJSONObject: object)).flatMap {
                try? JSONDecoder().decode([String: AuthClaimValue].self, from: $0)
            }
        default:
            profile = nil
        }
        return AuthIdPResponse(
            providerID: answer["providerId"] as? String ?? providerID, profile: profile,
            username: answer["username"] as? String ?? answer["screenName"] as? String,
            email: answer["email"] as? String, oauthIDToken: answer["oauthIdToken"] as? String,
            oauthAccessToken: answer["oauthAccessToken"] as? String,
            oauthSecret: answer["oauthTokenSecret"] as? String, pendingToken: answer["pendingToken"] as? String)
    }
}
