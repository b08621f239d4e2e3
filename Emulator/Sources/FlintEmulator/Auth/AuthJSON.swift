// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import Foundation

/// The JSON of Identity Toolkit's answers: users (`accounts:lookup`), sessions (`idToken`, `refreshToken`,
/// `expiresIn`), and the fields of a request body.
enum AuthJSON {
    /// An `accounts:lookup` user: `localId`, `email`, `emailVerified`, `displayName`, `photoUrl`, `phoneNumber`,
    /// `disabled`, `providerUserInfo`, `createdAt` and `lastLoginAt` (milliseconds, as strings), `validSince`
    /// (seconds, as a string), `customAttributes` (a JSON text) and, with a password, a fake `passwordHash`.
    static func user(_ record: LocalAuthUserRecord) -> [String: Any] {
        let account = record.account
        var user: [String: Any] = [
            "localId": account.uid,
            "emailVerified": account.isEmailVerified,
            "disabled": account.isDisabled,
            "createdAt": milliseconds(account.creationDate),
            "lastLoginAt": milliseconds(account.lastSignInDate),
            "validSince": String(Int(record.tokensValidAfter.timeIntervalSince1970)),
            "providerUserInfo": account.providerData.map(providerInfo),
        ]
        user["email"] = account.email
        user["displayName"] = account.displayName
        user["photoUrl"] = account.photoURL?.absoluteString
        user["phoneNumber"] = account.phoneNumber
        if !record.customClaims.isEmpty, let data = try? JSONEncoder().encode(record.customClaims) {
            user["customAttributes"] = String(decoding: data, as: UTF8.self)
        }
        if record.hasPassword {
            user["passwordHash"] = "fakeHash"
            user["salt"] = "fakeSalt"
        }
        return user
    }

    static func providerInfo(_ info: UserInfo) -> [String: Any] {
        var entry: [String: Any] = ["providerId": info.providerID, "rawId": info.uid, "federatedId": info.uid]
        entry["email"] = info.email
        entry["displayName"] = info.displayName
        entry["photoUrl"] = info.photoURL?.absoluteString
        entry["phoneNumber"] = info.phoneNumber
        return entry
    }

    /// The token fields of an answer with a session: `localId`, `email`, `displayName`, `idToken`,
    /// `refreshToken`, `expiresIn` (seconds, as a string).
    static func session(_ session: AuthBackendSession, kind: String, now: Date = Date()) -> [String: Any] {
        var answer: [String: Any] = [
            "kind": "identitytoolkit#\(kind)",
            "localId": session.account.uid,
            "idToken": session.idToken,
            "refreshToken": session.refreshToken,
            "expiresIn": String(max(0, Int(session.expirationDate.timeIntervalSince(now).rounded()))),
        ]
        answer["email"] = session.account.email ?? ""
        answer["displayName"] = session.account.displayName
        return answer
    }

    static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// The string field `key` of a body (nil when absent).
    ///
    /// - Throws: 400 `INVALID_ARGUMENT` when present and not a string.
    static func string(_ body: [String: Any], _ key: String) throws(EmulatorHTTPError) -> String? {
        guard let value = body[key], !(value is NSNull) else { return nil }
        guard let string = value as? String else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(key) must be a string")
        }
        return string
    }

    /// The Boolean field `key` of a body (nil when absent).
    static func bool(_ body: [String: Any], _ key: String) throws(EmulatorHTTPError) -> Bool? {
        guard let value = body[key], !(value is NSNull) else { return nil }
        guard let bool = value as? Bool else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(key) must be a boolean")
        }
        return bool
    }

    /// The string-array field `key` of a body (empty when absent).
    static func strings(_ body: [String: Any], _ key: String) throws(EmulatorHTTPError) -> [String] {
        guard let value = body[key], !(value is NSNull) else { return [] }
        guard let strings = value as? [String] else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(key) must be an array of strings")
        }
        return strings
    }
}
