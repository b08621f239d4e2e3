// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The embedded backend's out-of-band codes: sending (recorded, never mailed), checking, applying, password
// reset and email-link sign-in, with the server's rules.

extension LocalAuthStore {
    // MARK: - Sending

    /// `accounts:sendOobCode`: validates the settings, then records a code for the request's account.
    mutating func sendOobCode(_ request: AuthOobCodeRequest, languageCode: String?, now: Date) throws(AuthErrorCode) {
        try checkReachable()
        try Self.checkSettings(of: request)
        let code: LocalAuthActionCodes.Code
        switch request.requestType {
        case .passwordReset:
            let email = try Self.validatedEmail(request.email ?? "")
            guard let uid = uidsByEmail[email] else {
                if configuration.emailEnumerationProtection { return }  // nothing sent, nothing revealed
                throw .userNotFound
            }
            code = .init(
                requestType: .passwordReset, uid: uid, email: email,
                expiresAt: now.addingTimeInterval(configuration.passwordResetCodeLifetime))
        case .emailSignIn:
            let email = try Self.validatedEmail(request.email ?? "")
            code = .init(
                requestType: .emailSignIn, uid: uidsByEmail[email], email: email,
                expiresAt: now.addingTimeInterval(configuration.emailSignInLinkLifetime))
        case .verifyEmail:
            let (_, record) = try verify(idToken: request.idToken ?? "", now: now)
            guard let email = record.account.email else { throw .missingEmail }
            code = .init(
                requestType: .verifyEmail, uid: record.account.uid, email: email,
                expiresAt: now.addingTimeInterval(configuration.emailVerificationCodeLifetime))
        case .verifyAndChangeEmail:
            let (claims, record) = try verify(idToken: request.idToken ?? "", now: now)
            try checkRecentLogin(claims, now: now)
            let newEmail = try Self.validatedEmail(request.newEmail ?? "")
            if let owner = uidsByEmail[newEmail], owner != record.account.uid {
                throw AuthErrorCode.emailAlreadyInUse.with(.init(email: newEmail))
            }
            code = .init(
                requestType: .verifyAndChangeEmail, uid: record.account.uid, email: record.account.email ?? "",
                newEmail: newEmail, expiresAt: now.addingTimeInterval(configuration.emailVerificationCodeLifetime))
        }
        var oobCode = Self.randomString(length: 40)
        while actionCodes.contains(oobCode) { oobCode = Self.randomString(length: 40) }
        let entry = LocalAuthOOBCode(
            email: code.newEmail ?? code.email, requestType: request.requestType.rawValue, oobCode: oobCode,
            oobLink: link(for: request, code: oobCode, languageCode: languageCode), issuedAt: now,
            expiresAt: code.expiresAt)
        actionCodes.add(code, entry: entry, now: now)
    }

    /// The server's checks of the settings: a continue URL that is an `http`/`https` URL with a host
    /// (`invalidContinueURI`), present for an email sign-in link (`missingContinueURI`); an Android package when
    /// its installation is asked for (`missingAndroidPackageName`); a link domain that is a bare host name and
    /// not a default Hosting domain (`invalidHostingLinkDomain`).
    static func checkSettings(of request: AuthOobCodeRequest) throws(AuthErrorCode) {
        if let continueURL = request.continueURL {
            guard let components = URLComponents(string: continueURL),
                let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = components.host, !host.isEmpty
            else { throw .invalidContinueURI }
        } else if request.requestType == .emailSignIn {
            throw .missingContinueURI
        }
        if request.androidInstallApp, (request.androidPackageName ?? "").isEmpty { throw .missingAndroidPackageName }
        if let domain = request.linkDomain {
            let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-")
            let lowered = domain.lowercased()
            guard !lowered.isEmpty, lowered.count <= 253, lowered.allSatisfy(allowed.contains),
                !lowered.hasPrefix("."), !lowered.hasPrefix("-"),
                !lowered.hasSuffix(".web.app"), !lowered.hasSuffix(".firebaseapp.com")
            else { throw .invalidHostingLinkDomain }
        }
    }

    /// The action link of a code, on the project's default Hosting domain or the request's link domain.
    private func link(for request: AuthOobCodeRequest, code: String, languageCode: String?) -> String {
        var components = URLComponents()
        components.scheme = "https"
        components.host = request.linkDomain?.lowercased() ?? "\(projectID).firebaseapp.com"
        components.path = "/__/auth/action"
        var items = [
            URLQueryItem(name: "mode", value: LocalAuthOOBCode.mode(of: request.requestType)),
            URLQueryItem(name: "oobCode", value: code),
        ]
        if let continueURL = request.continueURL { items.append(URLQueryItem(name: "continueUrl", value: continueURL)) }
        if let languageCode, !languageCode.isEmpty { items.append(URLQueryItem(name: "lang", value: languageCode)) }
        // Encode every reserved character of the values (URLComponents leaves `&`, `=`, `+`, `?`, `/` alone).
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        components.percentEncodedQuery = items.map { item in
            "\(item.name)=\(item.value?.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
        return components.string ?? ""
    }

    // MARK: - Using codes

    /// `accounts:resetPassword` without a new password: what the code is for, without using it.
    mutating func checkActionCode(_ code: String, now: Date) throws(AuthErrorCode) -> ActionCodeInfo {
        try checkReachable()
        let found = try actionCodes.valid(code, now: now)
        return ActionCodeInfo(
            operation: ActionCodeOperation(requestTypeOrMode: found.requestType.rawValue), email: found.email,
            newEmail: found.newEmail)
    }

    /// `accounts:resetPassword` with a new password: a password-reset code sets it (other sessions are revoked,
    /// failed attempts forgotten); the code works once.
    mutating func confirmPasswordReset(code: String, newPassword: String, now: Date) throws(AuthErrorCode) {
        try checkReachable()
        let found = try actionCodes.valid(code, now: now)
        guard found.requestType == .passwordReset, let uid = found.uid else { throw .invalidActionCode }
        try Self.checkNewPassword(newPassword)
        actionCodes.consume(code)
        guard records[uid] != nil else { throw .userNotFound }
        records[uid]?.password = newPassword
        records[uid]?.validSince = Self.wholeSeconds(now)
        if let email = records[uid]?.account.email { failedAttempts[email] = nil }
    }

    /// `accounts:update` with `oobCode`: an email verification marks the address verified (if it is still the
    /// account's); an email change moves the account to the new, verified, address. Other codes are
    /// `invalidActionCode`. The code works once.
    mutating func applyActionCode(_ code: String, now: Date) throws(AuthErrorCode) {
        try checkReachable()
        let found = try actionCodes.valid(code, now: now)
        guard let uid = found.uid, var account = records[uid]?.account else { throw .userNotFound }
        guard !account.isDisabled else { throw .userDisabled }
        switch found.requestType {
        case .verifyEmail:
            guard account.email == found.email else { throw .invalidActionCode }
            account.isEmailVerified = true
        case .verifyAndChangeEmail:
            guard let newEmail = found.newEmail else { throw .invalidActionCode }
            if let owner = uidsByEmail[newEmail], owner != uid {
                throw AuthErrorCode.emailAlreadyInUse.with(.init(email: newEmail))
            }
            if let old = account.email { uidsByEmail[old] = nil }
            uidsByEmail[newEmail] = uid
            account.email = newEmail
            account.isEmailVerified = true
            for index in account.providerData.indices where account.providerData[index].providerID == "password" {
                account.providerData[index].uid = newEmail
                account.providerData[index].email = newEmail
            }
        case .passwordReset, .emailSignIn:
            throw .invalidActionCode
        }
        actionCodes.consume(code)
        records[uid]?.account = account
    }

    // MARK: - Email-link sign-in

    /// `accounts:signInWithEmailLink`: an email sign-in code for `email` signs in the account with that address
    /// (verifying it and adding the `password` provider), or creates one; with `linkingTo`, gives that account
    /// the address instead. The code works once.
    mutating func signIn(
        email rawEmail: String, oobCode: String, linkingTo idToken: String?, tenantID: String?, now: Date
    ) throws(AuthErrorCode) -> AuthBackendSession {
        try checkReachable()
        let found = try actionCodes.valid(oobCode, now: now)
        guard found.requestType == .emailSignIn else { throw .invalidActionCode }
        let email = try Self.validatedEmail(rawEmail)
        guard email == found.email else { throw .invalidEmail }  // not the address the link was sent to
        let info = UserInfo(providerID: "password", uid: email, email: email)
        if let idToken {
            let (claims, record) = try verify(idToken: idToken, now: now)
            let uid = record.account.uid
            if !record.isAnonymous { try checkRecentLogin(claims, now: now) }
            guard !record.account.providerIDs.contains("password") else { throw .providerAlreadyLinked }
            if let owner = uidsByEmail[email], owner != uid {
                throw AuthErrorCode.emailAlreadyInUse.with(.init(email: email))
            }
            actionCodes.consume(oobCode)
            if let old = record.account.email, old != email { uidsByEmail[old] = nil }
            uidsByEmail[email] = uid
            records[uid]?.account.email = email
            records[uid]?.account.isEmailVerified = true
            records[uid]?.account.providerData.append(info)
            records[uid]?.account.lastSignInDate = now
            records[uid]?.signedInWithEmailLink = true
            return issueSession(
                uid: uid, provider: "password", authTime: now, now: now, isNewUser: false,
                tenantID: claims.firebase.tenant ?? tenantID)
        }
        if let uid = uidsByEmail[email], var account = records[uid]?.account {
            guard !account.isDisabled else { throw .userDisabled }
            actionCodes.consume(oobCode)
            account.isEmailVerified = true
            if !account.providerIDs.contains("password") { account.providerData.append(info) }
            account.lastSignInDate = now
            records[uid]?.account = account
            records[uid]?.signedInWithEmailLink = true
            return issueSession(
                uid: uid, provider: "password", authTime: now, now: now, isNewUser: false, tenantID: tenantID)
        }
        actionCodes.consume(oobCode)
        let account = AuthAccount(
            uid: newUID(), email: email, isEmailVerified: true, providerData: [info], creationDate: now,
            lastSignInDate: now)
        records[account.uid] = Record(
            account: account, password: nil, validSince: Self.wholeSeconds(now), signedInWithEmailLink: true)
        uidsByEmail[email] = account.uid
        return issueSession(
            uid: account.uid, provider: "password", authTime: now, now: now, isNewUser: true, tenantID: tenantID)
    }

    /// A password reset for `email` (the request without settings).
    mutating func sendPasswordResetEmail(email: String, now: Date) throws(AuthErrorCode) {
        try sendOobCode(AuthOobCodeRequest(requestType: .passwordReset, email: email), languageCode: nil, now: now)
    }
}
