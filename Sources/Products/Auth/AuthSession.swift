// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The signed-in user with the tokens of their session: what Auth keeps in memory and persists.
struct AuthSession: Sendable, Codable, Equatable {
    /// The signed-in user's account data (what ``Auth/currentUser`` shows).
    var user: UserSnapshot
    /// The cached ID token.
    var idToken: String
    /// When ``idToken`` expires.
    var expirationDate: Date
    /// The session's refresh token.
    var refreshToken: String

    /// The session a backend response describes.
    init(_ response: AuthBackendSession) {
        user = UserSnapshot(
            account: response.account, refreshToken: response.refreshToken,
            signInProvider: response.signInProvider, tenantID: response.tenantID)
        idToken = response.idToken
        expirationDate = response.expirationDate
        refreshToken = response.refreshToken
    }

    /// Firebase's rule: a cached token is used only while it expires more than five minutes from `now`.
    func hasFreshToken(at now: Date) -> Bool {
        expirationDate.timeIntervalSince(now) > AuthSession.refreshHeadStart
    }

    /// Five minutes, in seconds.
    static let refreshHeadStart: TimeInterval = 5 * 60
}
