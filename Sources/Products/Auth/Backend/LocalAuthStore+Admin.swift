// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The rules of LocalAuthBackend's user management (LocalAuthBackend+Admin.swift).

extension LocalAuthStore {
    static func userRecord(_ record: Record) -> LocalAuthUserRecord {
        LocalAuthUserRecord(
            account: record.account, customClaims: record.customClaims, hasPassword: record.password != nil,
            tokensValidAfter: record.validSince)
    }

    mutating func createAccount(uid requested: String?, _ changes: LocalAuthAccountChanges, now: Date)
        throws(AuthErrorCode) -> LocalAuthUserRecord
    {
        try checkReachable()
        if let requested {
            guard !requested.isEmpty, requested.count <= 128 else { throw .internalError }
            guard records[requested] == nil else { throw .credentialAlreadyInUse }
        }
        let uid = requested ?? newUID()
        let account = AuthAccount(uid: uid, email: nil, providerIDs: [], creationDate: now, lastSignInDate: now)
        records[uid] = Record(account: account, password: nil, validSince: Self.wholeSeconds(now))
        do {
            return try updateAccount(uid: uid, changes, now: now)
        } catch {
            records[uid] = nil
            throw error
        }
    }

    mutating func updateAccount(uid: String, _ changes: LocalAuthAccountChanges, now: Date) throws(AuthErrorCode)
        -> LocalAuthUserRecord
    {
        try checkReachable()
        guard var record = records[uid] else { throw .userNotFound }
        let oldEmail = record.account.email
        switch changes.email {
        case .set(let raw):
            let email = try Self.validatedEmail(raw)
            if let owner = uidsByEmail[email], owner != uid { throw .emailAlreadyInUse }
            record.account.email = email
            if email != oldEmail { record.account.isEmailVerified = false }
            for index in record.account.providerData.indices
            where record.account.providerData[index].providerID == "password" {
                record.account.providerData[index] = UserInfo(providerID: "password", uid: email, email: email)
            }
        case .remove:
            record.account.email = nil
            record.account.providerData.removeAll { $0.providerID == "password" }
            record.password = nil
        case nil: break
        }
        if let password = changes.password {
            try Self.checkNewPassword(password)
            record.password = password
            record.validSince = Self.wholeSeconds(now)
        }
        if record.password != nil, let email = record.account.email,
            !record.account.providerIDs.contains("password")
        {
            record.account.providerData.append(UserInfo(providerID: "password", uid: email, email: email))
        }
        switch changes.displayName {
        case .set(let name): record.account.displayName = name
        case .remove: record.account.displayName = nil
        case nil: break
        }
        switch changes.photoURL {
        case .set(let url): record.account.photoURL = url
        case .remove: record.account.photoURL = nil
        case nil: break
        }
        switch changes.phoneNumber {
        case .set(let number): record.account.phoneNumber = number
        case .remove: record.account.phoneNumber = nil
        case nil: break
        }
        if let verified = changes.isEmailVerified { record.account.isEmailVerified = verified }
        if let disabled = changes.isDisabled { record.account.isDisabled = disabled }
        if let claims = changes.customClaims { record.customClaims = claims }
        record.account.providerData.removeAll { changes.deletedProviders.contains($0.providerID) }
        if let oldEmail, oldEmail != record.account.email { uidsByEmail[oldEmail] = nil }
        if let email = record.account.email { uidsByEmail[email] = uid }
        records[uid] = record
        return Self.userRecord(record)
    }

    mutating func deleteAccount(uid: String) throws(AuthErrorCode) {
        try checkReachable()
        guard let record = records.removeValue(forKey: uid) else { throw .userNotFound }
        if let email = record.account.email { uidsByEmail[email] = nil }
        actionCodes.revoke(uid: uid)
    }

    mutating func deleteAllAccounts() {
        records = [:]
        uidsByEmail = [:]
        grants = [:]
        actionCodes = LocalAuthActionCodes()
        failedAttempts = [:]
    }
}
