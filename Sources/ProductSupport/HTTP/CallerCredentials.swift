// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop

/// Who a request to a backend comes from: the uid security rules see, the ID token a wire protocol sends, and
/// the App Check token.
public struct CallerIdentity: Sendable, Hashable {
    /// The signed-in user's uid, nil when nobody is signed in (or the app has no Auth).
    public var uid: String?
    /// The signed-in user's ID token, nil when nobody is signed in (or the app has no Auth).
    public var idToken: String?
    /// The App Check token, nil when the app has no App Check.
    public var appCheckToken: String?

    /// An identity.
    public init(uid: String? = nil, idToken: String? = nil, appCheckToken: String? = nil) {
        self.uid = uid
        self.idToken = idToken
        self.appCheckToken = appCheckToken
    }
}

/// Finds out who is calling from an app's optional `FlintInterop.AuthInterop` and
/// `FlintInterop.AppCheckInterop`: Firestore, the Realtime Database and Storage share it.
///
/// ```swift
/// let credentials = CallerCredentials(auth: container.instance(for: AuthInterop.self),
///                                     appCheck: container.instance(for: AppCheckInterop.self))
/// let identity = try await credentials.identity()   // identity.uid, identity.appCheckToken
/// ```
public struct CallerCredentials: Sendable {
    /// The app's Auth, if it has one.
    public let auth: (any AuthInterop)?
    /// The app's App Check, if it has one.
    public let appCheck: (any AppCheckInterop)?

    /// Credentials from `auth` and `appCheck`.
    public init(auth: (any AuthInterop)?, appCheck: (any AppCheckInterop)?) {
        self.auth = auth
        self.appCheck = appCheck
    }

    /// Whether there is neither Auth nor App Check: every caller is the anonymous one.
    public var isAnonymous: Bool { auth == nil && appCheck == nil }

    /// Claims of a local ID token that carry the uid.
    private struct Claims: Decodable {
        var sub: String?
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var user_id: String?  // the token's claim name
    }

    /// The current caller: the ID token (a fresh one when `forcingRefresh`), the uid from it (its `sub` or `user_id` claim
    /// when it is a local JWT, else `getUserID()`), and the App Check token (a failing App Check gives its placeholder token, as Firebase's
    /// products send).
    ///
    /// - Throws: what `FlintInterop.AuthInterop.getToken(forcingRefresh:)` threw when a signed-in user's
    ///   token could not be obtained; products report it as their `unauthenticated` error.
    public func identity(forcingRefresh: Bool = false) async throws -> CallerIdentity {
        var identity = CallerIdentity()
        if let auth, let token = try await auth.getToken(forcingRefresh: forcingRefresh) {
            identity.idToken = token
            if let claims = try? LocalJWT.decode(Claims.self, from: token), let uid = claims.sub ?? claims.user_id {
                identity.uid = uid
            } else {
                identity.uid = auth.getUserID()
            }
        }
        if let appCheck {
            identity.appCheckToken = await appCheck.getToken(forcingRefresh: false).token
        }
        return identity
    }
}
