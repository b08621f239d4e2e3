// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The embedded backend's identity providers, linking, profile and lookup rules (the Auth emulator's, see
// LocalIdPToken for how it reads a provider's token).

extension LocalAuthStore {
    /// The account `idToken` belongs to (`accounts:lookup`).
    func lookup(idToken: String, now: Date) throws(AuthErrorCode) -> AuthAccount {
        try checkReachable()
        return try verify(idToken: idToken, now: now).1.account
    }

    /// `accounts:signInWithIdp`: signs in the account linked to the provider identity; else, when an account
    /// has the provider's email: a verified email links the identity to it (as the emulator does with one
    /// account per email) or, when the account's own address is unverified, takes the account over (see
    /// `takeOver`), an unverified one is `accountExistsWithDifferentCredential`; else creates an account
    /// when `autoCreate` (`userNotFound` otherwise). With `linkingTo`, links the identity to that account:
    /// `credentialAlreadyInUse` when another account has it, `emailAlreadyInUse` when another account has its
    /// email.
    mutating func signIn(
        withIdP assertion: AuthIdPAssertion, linkingTo idToken: String?, autoCreate: Bool, tenantID: String?,
        now: Date
    ) throws(AuthErrorCode) -> AuthBackendSession {
        try checkReachable()
        let token = try LocalIdPToken.read(assertion)
        let provider = assertion.providerID
        let info = UserInfo(
            providerID: provider, uid: token.sub, email: token.email, displayName: token.name, photoURL: token.picture)
        let answer = AuthIdPResponse(
            providerID: provider, profile: token.claims, username: token.screenName, email: token.email,
            oauthIDToken: assertion.idToken,
            // As the emulator: always an access token, so that clients depending on one work.
            oauthAccessToken: assertion.accessToken ?? "FirebaseAuthEmulatorFakeAccessToken_\(provider)",
            oauthSecret: assertion.secret)
        let holder = records.values.first { record in
            record.account.providerData.contains { $0.providerID == provider && $0.uid == token.sub }
        }?.account.uid
        if let idToken {
            let (claims, record) = try verify(idToken: idToken, now: now)
            let uid = record.account.uid
            guard holder == nil || holder == uid else {
                throw AuthErrorCode.credentialAlreadyInUse.with(
                    AuthErrorDetails(updatedCredential: OAuthCredential(answer), email: token.email))
            }
            guard !record.account.providerIDs.contains(provider) else { throw .providerAlreadyLinked }
            if let email = token.email, let owner = uidsByEmail[email], owner != uid {
                throw AuthErrorCode.emailAlreadyInUse.with(AuthErrorDetails(email: email))
            }
            link(info, verified: token.emailVerified, to: uid)
            records[uid]?.account.lastSignInDate = now
            return issueSession(
                uid: uid, provider: provider, authTime: now, now: now, isNewUser: false,
                tenantID: claims.firebase.tenant ?? tenantID, idp: answer)
        }
        if let uid = holder {
            guard records[uid]?.account.isDisabled == false else { throw .userDisabled }
            records[uid]?.account.lastSignInDate = now
            return issueSession(
                uid: uid, provider: provider, authTime: now, now: now, isNewUser: false, tenantID: tenantID,
                idp: answer)
        }
        if let email = token.email, let uid = uidsByEmail[email] {
            guard token.emailVerified else {
                throw AuthErrorCode.accountExistsWithDifferentCredential.with(
                    AuthErrorDetails(updatedCredential: OAuthCredential(answer), email: email))
            }
            guard records[uid]?.account.isDisabled == false else { throw .userDisabled }
            if records[uid]?.account.isEmailVerified == false {
                takeOver(uid, for: info, now: now)
            } else {
                link(info, verified: true, to: uid)
            }
            records[uid]?.account.lastSignInDate = now
            return issueSession(
                uid: uid, provider: provider, authTime: now, now: now, isNewUser: false, tenantID: tenantID,
                idp: answer)
        }
        guard autoCreate else { throw .userNotFound }
        let account = AuthAccount(
            uid: newUID(), email: token.email, isEmailVerified: token.email != nil && token.emailVerified,
            displayName: token.name, photoURL: token.picture, providerData: [info], creationDate: now,
            lastSignInDate: now)
        records[account.uid] = Record(account: account, password: nil, validSince: Self.wholeSeconds(now))
        if let email = token.email { uidsByEmail[email] = account.uid }
        return issueSession(
            uid: account.uid, provider: provider, authTime: now, now: now, isNewUser: true, tenantID: tenantID,
            idp: answer)
    }

    /// One account per email: a provider that verified the address of an account whose own address is not
    /// verified takes the account over, as Firebase does. The uid stays; the password and the other providers
    /// are dropped (whoever set them never proved the address), their sessions revoked; the address is now
    /// verified; the provider's name and photo fill what the account lacks.
    private mutating func takeOver(_ uid: String, for info: UserInfo, now: Date) {
        guard var record = records[uid] else { return }
        record.password = nil
        record.signedInWithEmailLink = false
        record.validSince = Self.wholeSeconds(now)
        record.account.providerData = [info]
        record.account.isEmailVerified = true
        record.account.displayName = record.account.displayName ?? info.displayName
        record.account.photoURL = record.account.photoURL ?? info.photoURL
        records[uid] = record
    }

    /// Adds a provider identity to an account; an account without an email takes the provider's.
    private mutating func link(_ info: UserInfo, verified: Bool, to uid: String) {
        guard var account = records[uid]?.account else { return }
        account.providerData.append(info)
        if account.email == nil, let email = info.email, uidsByEmail[email] == nil {
            account.email = email
            account.isEmailVerified = verified
            uidsByEmail[email] = uid
        } else if verified, account.email == info.email {
            account.isEmailVerified = true
        }
        records[uid]?.account = account
    }

    /// `accounts:signUp` with an ID token: gives the account an email and password. A recent sign-in is
    /// needed unless the account is anonymous.
    mutating func link(idToken: String, email rawEmail: String, password: String, now: Date) throws(AuthErrorCode)
        -> AuthBackendSession
    {
        try checkReachable()
        let (claims, record) = try verify(idToken: idToken, now: now)
        let uid = record.account.uid
        guard record.password == nil, !record.account.providerIDs.contains("password") else {
            throw .providerAlreadyLinked
        }
        if !record.isAnonymous { try checkRecentLogin(claims, now: now) }
        let email = try Self.validatedEmail(rawEmail)
        if let owner = uidsByEmail[email], owner != uid {
            throw AuthErrorCode.emailAlreadyInUse.with(.init(email: email))
        }
        try Self.checkNewPassword(password)
        if let old = record.account.email, old != email { uidsByEmail[old] = nil }
        records[uid]?.password = password
        records[uid]?.account.email = email
        if record.account.email != email { records[uid]?.account.isEmailVerified = false }
        records[uid]?.account.providerData.append(UserInfo(providerID: "password", uid: email, email: email))
        uidsByEmail[email] = uid
        return issueSession(
            uid: uid, provider: "password", authTime: now, now: now, isNewUser: false, tenantID: claims.firebase.tenant)
    }

    /// `accounts:update` with `deleteProvider`: removes the providers (unlinking `"password"` removes the
    /// password; the email stays) and answers a new session.
    mutating func unlink(idToken: String, providerIDs: [String], now: Date) throws(AuthErrorCode)
        -> AuthBackendSession
    {
        try checkReachable()
        let (claims, record) = try verify(idToken: idToken, now: now)
        let uid = record.account.uid
        for provider in providerIDs where !record.account.providerIDs.contains(provider) {
            throw .noSuchProvider
        }
        records[uid]?.account.providerData.removeAll { providerIDs.contains($0.providerID) }
        if providerIDs.contains("password") { records[uid]?.password = nil }
        return reissue(claims, now: now)
    }

    /// `accounts:update` with `displayName`, `photoUrl` and `deleteAttribute`.
    mutating func updateProfile(idToken: String, changes: AuthProfileChanges, now: Date) throws(AuthErrorCode)
        -> AuthBackendSession
    {
        try checkReachable()
        let (claims, record) = try verify(idToken: idToken, now: now)
        var account = record.account
        if let name = changes.displayName { account.displayName = name }
        if let url = changes.photoURL { account.photoURL = url }
        if changes.deleteAttributes.contains("DISPLAY_NAME") { account.displayName = nil }
        if changes.deleteAttributes.contains("PHOTO_URL") { account.photoURL = nil }
        records[account.uid]?.account = account
        return reissue(claims, now: now)
    }

    /// A new session for the sign-in `claims` describe (same sign-in time and provider).
    mutating func reissue(_ claims: IDTokenClaims, now: Date) -> AuthBackendSession {
        issueSession(
            uid: claims.userID, provider: claims.firebase.signInProvider,
            authTime: Date(timeIntervalSince1970: TimeInterval(claims.authTime)), now: now, isNewUser: false,
            tenantID: claims.firebase.tenant)
    }
}
