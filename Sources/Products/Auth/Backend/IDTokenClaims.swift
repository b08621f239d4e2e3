// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The payload of an ID token, with the names the Firebase Auth emulator and production tokens use.
///
/// ```json
/// {"iss": "https://securetoken.google.com/<project>", "aud": "<project>", "auth_time": 1700000000,
///  "user_id": "<uid>", "sub": "<uid>", "iat": 1700000000, "exp": 1700003600,
///  "email": "ada@example.com", "email_verified": false,
///  "firebase": {"identities": {"email": ["ada@example.com"]}, "sign_in_provider": "password"}}
/// ```
public struct IDTokenClaims: Sendable, Hashable, Codable {
    /// The `firebase` claim: linked identities and how the user signed in.
    public struct Firebase: Sendable, Hashable, Codable {
        /// Identities by provider key (`"email"` → the addresses); empty for anonymous users.
        public var identities: [String: [String]]
        /// `"password"`, `"anonymous"` or `"custom"`.
        public var signInProvider: String
        /// The tenant of the user (`tenant`), absent for the project's own users.
        public var tenant: String?

        /// The `firebase` claim.
        public init(identities: [String: [String]], signInProvider: String, tenant: String? = nil) {
            self.identities = identities
            self.signInProvider = signInProvider
            self.tenant = tenant
        }

        private enum CodingKeys: String, CodingKey {
            case identities, tenant
            case signInProvider = "sign_in_provider"
        }
    }

    /// Issuer: `https://securetoken.google.com/<projectID>`.
    public var iss: String
    /// Audience: the project ID.
    public var aud: String
    /// When the user signed in (seconds since 1970); a refresh keeps it.
    public var authTime: Int
    /// The uid.
    public var userID: String
    /// Subject: the uid.
    public var sub: String
    /// Issued at (seconds since 1970).
    public var iat: Int
    /// Expires at (seconds since 1970): one hour after `iat`.
    public var exp: Int
    /// The email address, if the user has one.
    public var email: String?
    /// Whether the email address is verified (present with `email`).
    public var emailVerified: Bool?
    /// Identities and sign-in provider.
    public var firebase: Firebase
    /// A unique id of the token (JWT `jti`), set by ``LocalAuthBackend`` so that two tokens issued within
    /// the same second (whole-second `iat`) still differ; nil when the issuer sets none.
    public var jti: String?

    /// Claims with every field given.
    public init(
        iss: String, aud: String, authTime: Int, userID: String, sub: String, iat: Int, exp: Int,
        email: String?, emailVerified: Bool?, firebase: Firebase, jti: String? = nil
    ) {
        self.iss = iss
        self.aud = aud
        self.authTime = authTime
        self.userID = userID
        self.sub = sub
        self.iat = iat
        self.exp = exp
        self.email = email
        self.emailVerified = emailVerified
        self.firebase = firebase
        self.jti = jti
    }

    private enum CodingKeys: String, CodingKey {
        case iss, aud, sub, iat, exp, email, firebase, jti
        case authTime = "auth_time"
        case userID = "user_id"
        case emailVerified = "email_verified"
    }
}
