// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The embedded backend's email calls outside the out-of-band codes: which sign-in methods an address has
// (`accounts:createAuthUri`) and the unverified email change (`accounts:update` with `email`).

extension LocalAuthStore {
    /// `accounts:createAuthUri`'s `signinMethods` for `email`: `"password"` when the account has a password,
    /// `"emailLink"` when it signed in with an email link, then its identity providers, in the order they were
    /// linked. Empty for an unknown address, and for every address under email-enumeration protection (as
    /// Firebase answers).
    func fetchSignInMethods(email rawEmail: String) throws(AuthErrorCode) -> [String] {
        try checkReachable()
        let email = try Self.validatedEmail(rawEmail)
        guard !configuration.emailEnumerationProtection, let uid = uidsByEmail[email], let record = records[uid]
        else { return [] }
        var methods: [String] = []
        if record.password != nil { methods.append("password") }
        if record.signedInWithEmailLink, record.account.providerIDs.contains("password") {
            methods.append("emailLink")
        }
        for provider in record.account.providerIDs where provider != "password" && !methods.contains(provider) {
            methods.append(provider)
        }
        return methods
    }

    /// `accounts:update` with `email`: needs a recent sign-in; the address must be free; the new address is
    /// not verified (the `password` provider follows it) and an email link's sign-in is forgotten with the old
    /// address.
    mutating func updateEmail(idToken: String, email rawEmail: String, now: Date) throws(AuthErrorCode)
        -> AuthBackendSession
    {
        try checkReachable()
        let (claims, record) = try verify(idToken: idToken, now: now)
        try checkRecentLogin(claims, now: now)
        let email = try Self.validatedEmail(rawEmail)
        let uid = record.account.uid
        if let owner = uidsByEmail[email], owner != uid {
            throw AuthErrorCode.emailAlreadyInUse.with(.init(email: email))
        }
        var account = record.account
        if let old = account.email { uidsByEmail[old] = nil }
        uidsByEmail[email] = uid
        if account.email != email {
            account.isEmailVerified = false
            records[uid]?.signedInWithEmailLink = false
        }
        account.email = email
        for index in account.providerData.indices where account.providerData[index].providerID == "password" {
            account.providerData[index].uid = email
            account.providerData[index].email = email
        }
        records[uid]?.account = account
        return reissue(claims, now: now)
    }
}
