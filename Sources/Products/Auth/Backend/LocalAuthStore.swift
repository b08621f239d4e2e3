// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// The data and rules of ``LocalAuthBackend``: accounts, sessions, out-of-band codes, failed attempts.
///
/// A plain value, mutated only under the backend's lock; every method gets the current time as an argument
/// (the backend reads its clock before locking) and runs no user code.
struct LocalAuthStore {
    /// An account with its secrets.
    struct Record: Codable, Equatable {
        var account: AuthAccount
        /// The password; nil for anonymous accounts. Kept in memory only: this is an emulator.
        var password: String?
        /// Tokens issued before this instant (whole seconds) are revoked.
        var validSince: Date
        /// Whether the account signed in with an email link (`fetchSignInMethods` answers `emailLink`).
        var signedInWithEmailLink = false
        /// Whether the account signed in with a custom token: it is then not anonymous, even without providers.
        var signedInWithCustomToken = false
        /// Custom claims an administrator set (`customAttributes`), in every ID token issued after.
        var customClaims: [String: AuthClaimValue] = [:]

        /// Whether the account is anonymous: no provider, and never signed in with a custom token.
        var isAnonymous: Bool { account.isAnonymous && !signedInWithCustomToken }
    }

    /// What a refresh token stands for.
    struct RefreshGrant: Codable, Equatable {
        var uid: String
        /// When the grant was issued (whole seconds), compared with `Record.validSince`.
        var issuedAt: Date
        /// The sign-in the session started with (`auth_time`).
        var authTime: Date
        var signInProvider: String
        /// A custom token's developer claims, added to every ID token of the session.
        var developerClaims: [String: AuthClaimValue] = [:]
        /// The tenant the session signed in to (the caller's ``Auth/tenantID``).
        var tenantID: String?
    }

    /// Failed password attempts for one email.
    struct FailedAttempts {
        var count = 0
        var lockedUntil: Date?
    }

    let projectID: String
    var configuration: LocalAuthBackend.Configuration
    var simulatedError: AuthErrorCode?
    var records: [String: Record] = [:]
    var uidsByEmail: [String: String] = [:]
    var grants: [String: RefreshGrant] = [:]
    /// The out-of-band codes issued (LocalAuthStore+ActionCodes.swift).
    var actionCodes = LocalAuthActionCodes()
    var failedAttempts: [String: FailedAttempts] = [:]

    init(projectID: String, configuration: LocalAuthBackend.Configuration) {
        self.projectID = projectID
        self.configuration = configuration
    }

    // MARK: - Sign-up and sign-in

    mutating func signUp(email rawEmail: String, password: String, tenantID: String?, now: Date) throws(AuthErrorCode)
        -> AuthBackendSession
    {
        try checkReachable()
        let email = try Self.validatedEmail(rawEmail)
        guard uidsByEmail[email] == nil else { throw .emailAlreadyInUse }
        try Self.checkNewPassword(password)
        let account = AuthAccount(
            uid: newUID(), email: email, providerIDs: ["password"],
            creationDate: now, lastSignInDate: now)
        records[account.uid] = Record(account: account, password: password, validSince: Self.wholeSeconds(now))
        uidsByEmail[email] = account.uid
        return issueSession(
            uid: account.uid, provider: "password", authTime: now, now: now, isNewUser: true, tenantID: tenantID)
    }

    mutating func signUpAnonymously(tenantID: String?, now: Date) throws(AuthErrorCode) -> AuthBackendSession {
        try checkReachable()
        guard configuration.isAnonymousSignInEnabled else { throw .operationNotAllowed }
        let account = AuthAccount(uid: newUID(), email: nil, providerIDs: [], creationDate: now, lastSignInDate: now)
        records[account.uid] = Record(account: account, password: nil, validSince: Self.wholeSeconds(now))
        return issueSession(
            uid: account.uid, provider: "anonymous", authTime: now, now: now, isNewUser: true, tenantID: tenantID)
    }

    mutating func signIn(email rawEmail: String, password: String, tenantID: String?, now: Date) throws(AuthErrorCode)
        -> AuthBackendSession
    {
        try checkReachable()
        let email = try Self.validatedEmail(rawEmail)
        if var attempts = failedAttempts[email], let lockedUntil = attempts.lockedUntil {
            guard now >= lockedUntil else { throw .tooManyRequests }
            attempts = FailedAttempts()
            failedAttempts[email] = attempts
        }
        let protection = configuration.emailEnumerationProtection
        guard let uid = uidsByEmail[email], let record = records[uid] else {
            recordFailedAttempt(email: email, now: now)
            throw protection ? .invalidCredential : .userNotFound
        }
        guard record.password == password else {
            recordFailedAttempt(email: email, now: now)
            throw protection ? .invalidCredential : .wrongPassword
        }
        guard !record.account.isDisabled else { throw .userDisabled }
        failedAttempts[email] = nil
        records[uid]?.account.lastSignInDate = now
        return issueSession(
            uid: uid, provider: "password", authTime: now, now: now, isNewUser: false, tenantID: tenantID)
    }

    mutating func signIn(customToken: String, tenantID: String?, now: Date) throws(AuthErrorCode)
        -> AuthBackendSession
    {
        try checkReachable()
        let token = try LocalCustomToken.verified(customToken, projectID: projectID, now: now)
        guard token.tenantID == nil || token.tenantID == tenantID else { throw .tenantIDMismatch }
        let isNewUser = records[token.uid] == nil
        if isNewUser {
            let account = AuthAccount(
                uid: token.uid, email: nil, providerIDs: [], creationDate: now, lastSignInDate: now)
            records[token.uid] = Record(account: account, password: nil, validSince: Self.wholeSeconds(now))
        } else {
            guard records[token.uid]?.account.isDisabled == false else { throw .userDisabled }
            records[token.uid]?.account.lastSignInDate = now
        }
        records[token.uid]?.signedInWithCustomToken = true  // an anonymous account's uid makes it permanent
        return issueSession(
            uid: token.uid, provider: "custom", authTime: now, now: now, isNewUser: isNewUser,
            developerClaims: token.claims, tenantID: tenantID)
    }

    // MARK: - Sessions

    mutating func refreshSession(refreshToken: String, now: Date) throws(AuthErrorCode) -> AuthBackendSession {
        try checkReachable()
        guard let grant = grants[refreshToken] else { throw .invalidUserToken }
        guard let record = records[grant.uid] else { throw .userNotFound }
        guard !record.account.isDisabled else { throw .userDisabled }
        guard grant.issuedAt >= record.validSince else { throw .userTokenExpired }
        return issueSession(
            uid: grant.uid, provider: grant.signInProvider, authTime: grant.authTime, now: now,
            isNewUser: false, developerClaims: grant.developerClaims, tenantID: grant.tenantID,
            refreshToken: refreshToken)
    }

    mutating func updatePassword(idToken: String, newPassword: String, now: Date) throws(AuthErrorCode)
        -> AuthBackendSession
    {
        try checkReachable()
        let (claims, _) = try verify(idToken: idToken, now: now)
        try checkRecentLogin(claims, now: now)
        try Self.checkNewPassword(newPassword)
        records[claims.userID]?.password = newPassword
        records[claims.userID]?.validSince = Self.wholeSeconds(now)  // signs out every other session
        // An account with an email but no password provider (an identity provider's) gains one, as in Firebase.
        if let email = records[claims.userID]?.account.email,
            records[claims.userID]?.account.providerIDs.contains("password") == false
        {
            records[claims.userID]?.account.providerData.append(
                UserInfo(providerID: "password", uid: email, email: email))
        }
        return issueSession(
            uid: claims.userID, provider: claims.firebase.signInProvider,
            authTime: Date(timeIntervalSince1970: TimeInterval(claims.authTime)), now: now,
            isNewUser: false, tenantID: claims.firebase.tenant)
    }

    mutating func deleteAccount(idToken: String, now: Date) throws(AuthErrorCode) {
        try checkReachable()
        let (claims, record) = try verify(idToken: idToken, now: now)
        try checkRecentLogin(claims, now: now)
        records[claims.userID] = nil
        if let email = record.account.email { uidsByEmail[email] = nil }
        // Grants stay: refreshing one now reports userNotFound, as Firebase does for a deleted account.
        actionCodes.revoke(uid: claims.userID)
    }

    // MARK: - Administration

    mutating func update(uid: String, _ change: (inout Record) -> Void) throws(AuthErrorCode) {
        guard var record = records[uid] else { throw .userNotFound }
        change(&record)
        records[uid] = record
    }

    // MARK: - Helpers

    func checkReachable() throws(AuthErrorCode) {
        if let simulatedError { throw simulatedError }
    }

    private mutating func recordFailedAttempt(email: String, now: Date) {
        guard let limit = configuration.maxFailedSignInAttempts else { return }
        var attempts = failedAttempts[email] ?? FailedAttempts()
        attempts.count += 1
        if attempts.count >= limit {
            attempts.lockedUntil = now.addingTimeInterval(configuration.lockoutDuration)
        }
        failedAttempts[email] = attempts
    }

    /// The claims and account of a valid ID token.
    func verify(idToken: String, now: Date) throws(AuthErrorCode) -> (IDTokenClaims, Record) {
        guard let claims = try? LocalJWT.decode(IDTokenClaims.self, from: idToken), claims.aud == projectID else {
            throw .invalidUserToken
        }
        guard TimeInterval(claims.exp) > now.timeIntervalSince1970 else { throw .userTokenExpired }
        guard let record = records[claims.userID] else { throw .userNotFound }
        guard !record.account.isDisabled else { throw .userDisabled }
        guard TimeInterval(claims.iat) >= record.validSince.timeIntervalSince1970 else { throw .userTokenExpired }
        return (claims, record)
    }

    func checkRecentLogin(_ claims: IDTokenClaims, now: Date) throws(AuthErrorCode) {
        if now.timeIntervalSince1970 - TimeInterval(claims.authTime) > configuration.recentLoginWindow {
            throw .requiresRecentLogin
        }
    }

    /// Issues an ID token (and, unless one is given, a new refresh token) for `uid`, with a custom token's
    /// developer claims next to the standard ones (which they cannot replace).
    mutating func issueSession(
        uid: String, provider: String, authTime: Date, now: Date, isNewUser: Bool,
        developerClaims: [String: AuthClaimValue] = [:], tenantID: String? = nil, refreshToken existing: String? = nil,
        idp: AuthIdPResponse? = nil
    ) -> AuthBackendSession {
        let account = records[uid]!.account
        // A custom token's claims, then the account's custom claims (an administrator's, which win a clash).
        let tokenClaims = developerClaims.merging(records[uid]!.customClaims) { _, custom in custom }
        let issuedAt = Int(now.timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt + Int(configuration.idTokenLifetime)
        let claims = IDTokenClaims(
            iss: "https://securetoken.google.com/\(projectID)",
            aud: projectID,
            authTime: Int(authTime.timeIntervalSince1970.rounded(.down)),
            userID: uid,
            sub: uid,
            iat: issuedAt,
            exp: expiresAt,
            email: account.email,
            emailVerified: account.email == nil ? nil : account.isEmailVerified,
            firebase: .init(identities: Self.identities(of: account), signInProvider: provider, tenant: tenantID),
            jti: Self.randomString(length: 24))  // unique, so two tokens of one second differ
        let refreshToken = existing ?? Self.randomString(length: 64)
        if existing == nil {
            grants[refreshToken] = RefreshGrant(
                uid: uid, issuedAt: Self.wholeSeconds(now), authTime: authTime,
                signInProvider: provider, developerClaims: developerClaims, tenantID: tenantID)
        }
        return AuthBackendSession(
            account: account,
            idToken: Self.encode(claims, adding: tokenClaims),
            expirationDate: Date(timeIntervalSince1970: TimeInterval(expiresAt)),
            refreshToken: refreshToken,
            signInProvider: provider,
            isNewUser: isNewUser,
            tenantID: tenantID,
            idp: idp)
    }

    /// The token's `firebase.identities`: `email` → the address, and each identity provider → the user's ids
    /// there, as Firebase fills it.
    static func identities(of account: AuthAccount) -> [String: [String]] {
        var identities: [String: [String]] = [:]
        if let email = account.email { identities["email"] = [email] }
        for info in account.providerData where info.providerID != "password" {
            identities[info.providerID, default: []].append(info.uid)
        }
        return identities
    }

    /// The ID token of `claims` with `developerClaims` next to them (a standard claim wins a clash).
    private static func encode(_ claims: IDTokenClaims, adding developerClaims: [String: AuthClaimValue]) -> String {
        guard !developerClaims.isEmpty,
            let data = try? JSONEncoder().encode(claims),
            let standard = try? JSONDecoder().decode([String: AuthClaimValue].self, from: data)
        else { return LocalJWT.encode(claims) }
        return LocalJWT.encode(standard.merging(developerClaims) { standard, _ in standard })
    }

    /// A new 28-character uid, unique in the store.
    func newUID() -> String {
        while true {
            let uid = Self.randomString(length: 28)
            if records[uid] == nil { return uid }
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    static func randomString(length: Int) -> String {
        String((0..<length).map { _ in alphabet.randomElement()! })
    }

    /// `date` rounded down to whole seconds (the precision of token timestamps).
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// The longest password Identity Platform accepts: its password policies allow a maximum length of at
    /// most 4096 characters (https://cloud.google.com/identity-platform/docs/password-policy).
    static let maximumPasswordLength = 4096

    /// The longest email address, in UTF-8 octets: 254, RFC 5321's 256-octet path limit (4.5.3.1.3) without
    /// its angle brackets.
    static let maximumEmailLength = 254

    /// Checks a password being set: at least 6 characters (`weakPassword`, Firebase's minimum) and at most
    /// ``maximumPasswordLength`` (also `weakPassword`, the SDK's code for a password the server refuses to set).
    static func checkNewPassword(_ password: String) throws(AuthErrorCode) {
        guard password.count >= 6, password.count <= maximumPasswordLength else { throw .weakPassword }
    }

    /// The lowercased email, or the reason it is not usable.
    static func validatedEmail(_ email: String) throws(AuthErrorCode) -> String {
        let trimmed = email.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { throw .missingEmail }
        // NUL and other control characters (C0, DEL, C1) are never part of an address.
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
            trimmed.utf8.count <= maximumEmailLength
        else {
            throw .invalidEmail
        }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty,
            parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            !trimmed.contains(where: \.isWhitespace)
        else {
            throw .invalidEmail
        }
        return trimmed
    }
}
