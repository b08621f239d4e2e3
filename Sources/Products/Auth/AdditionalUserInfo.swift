// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Facts about one sign-in (``AuthDataResult/additionalUserInfo``).
public struct AdditionalUserInfo: Sendable, Hashable {
    /// The provider used: `"password"` for email and password, `"google.com"`, `"apple.com"`, … for an identity
    /// provider; `""` for an anonymous or custom-token sign-in, as the Swift SDK (12.19) reports it (the ID
    /// token's `firebase.sign_in_provider` claim still says `"anonymous"` or `"custom"`).
    public var providerID: String
    /// What the identity provider said about the user (the answer's `rawUserInfo`, for example an ID token's
    /// claims: `sub`, `email`, `name`, `picture`, …); nil for other sign-ins. A JSON value rather than the SDK's
    /// `[String: Any]`, so the result stays `Sendable` (see ``AuthClaimValue``).
    public var profile: [String: AuthClaimValue]?
    /// The user's name at the identity provider (its screen name or handle), when it has one.
    public var username: String?
    /// Whether this sign-in created the account.
    public var isNewUser: Bool

    /// Facts about a sign-in.
    public init(
        providerID: String, profile: [String: AuthClaimValue]? = nil, username: String? = nil, isNewUser: Bool
    ) {
        self.providerID = providerID
        self.profile = profile
        self.username = username
        self.isNewUser = isNewUser
    }

    /// The facts the SDK reports for a backend answer: the identity provider's, or the sign-in provider with
    /// `""` for anonymous and custom-token sign-ins (the Swift SDK 12.19's `signInAnonymously` and
    /// `signIn(withCustomToken:)` build `AdditionalUserInfo(providerID: "", …)`).
    init(_ response: AuthBackendSession) {
        if let idp = response.idp {
            self.init(
                providerID: idp.providerID, profile: idp.profile, username: idp.username,
                isNewUser: response.isNewUser)
            return
        }
        let provider =
            switch response.signInProvider {
            case "anonymous", "custom": ""
            default: response.signInProvider
            }
        self.init(providerID: provider, isNewUser: response.isNewUser)
    }
}
