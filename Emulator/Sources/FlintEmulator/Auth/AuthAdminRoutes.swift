// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintProductSupport
import Foundation
import Hummingbird

/// Identity Toolkit's project-scoped admin routes (`/v1/projects/{id}/accounts…`), as the Firebase Admin SDK
/// calls them against an Auth emulator (which accepts any bearer token, `owner` included).
struct AuthAdminRoutes {
    let service: AuthService
    private var backend: LocalAuthBackend { service.backend }

    /// The largest page `accounts:batchGet` answers (Identity Toolkit's limit).
    static let maximumPageSize = 1000
    /// The longest `customAttributes` JSON text accepted (Firebase's limit).
    static let maximumCustomAttributesLength = 1000
    /// Claim names custom claims may not use (the Admin SDK's list).
    static let reservedClaims: Set<String> = [
        "acr", "amr", "at_hash", "aud", "auth_time", "azp", "cnf", "c_hash", "exp", "iat", "iss", "jti", "nbf",
        "nonce", "sub", "firebase", "user_id",
    ]

    func respond(method: String, request: EmulatorRequest) async throws -> Response {
        if method == "batchGet" {
            try AuthService.require(.get, request)
            return EmulatorResponse.json(try await AuthService.call { try batchGet(request.query) })
        }
        try AuthService.require(.post, request)
        let body = try request.jsonObject()
        if method == "signUp" || method == "sendOobCode" || method == "signInWithPassword" {
            // The Admin SDK's few client-shaped calls, scoped to the project.
            return try await AuthClientRoutes(service: service).respond(method: method, request: request)
        }
        let answer: [String: Any] = try await AuthService.call {
            switch method {
            case "lookup": return try lookup(body)
            case "update": return try update(body)
            case "delete": return try delete(body)
            case "batchDelete": return try batchDelete(body)
            default: throw AuthService.notFound("accounts:\(method)")
            }
        }
        return EmulatorResponse.json(answer)
    }

    /// `POST projects/{id}/accounts`: creates an account (`localId` optional) → `{localId}`.
    func create(_ body: [String: Any]) async throws -> Response {
        let uid = try AuthJSON.string(body, "localId")
        var changes = try Self.changes(body)
        changes.isDisabled = try AuthJSON.bool(body, "disabled") ?? changes.isDisabled
        let record: LocalAuthUserRecord
        do {
            record = try backend.createAccount(uid: uid, changes)
        } catch .credentialAlreadyInUse {
            throw EmulatorHTTPError(.badRequest, "DUPLICATE_LOCAL_ID")
        } catch {
            throw AuthWireErrors.httpError(for: error)
        }
        var answer = AuthJSON.user(record)
        answer["kind"] = "identitytoolkit#SignupNewUserResponse"
        return EmulatorResponse.json(answer)
    }

    /// `accounts:lookup` by `localId`, `email` or `phoneNumber` lists → `{users}` (no `users` when none match).
    func lookup(_ body: [String: Any]) throws -> [String: Any] {
        var records: [LocalAuthUserRecord] = []
        for uid in try AuthJSON.strings(body, "localId") {
            if let record = backend.userRecord(uid: uid) { records.append(record) }
        }
        for email in try AuthJSON.strings(body, "email") {
            if let uid = backend.account(email: email)?.uid, let record = backend.userRecord(uid: uid) {
                records.append(record)
            }
        }
        let phones = Set(try AuthJSON.strings(body, "phoneNumber"))
        if !phones.isEmpty {
            records += backend.userRecords.filter { $0.account.phoneNumber.map(phones.contains) == true }
        }
        var seen = Set<String>()
        let users = records.filter { seen.insert($0.account.uid).inserted }.map(AuthJSON.user)
        var answer: [String: Any] = ["kind": "identitytoolkit#GetAccountInfoResponse"]
        if !users.isEmpty { answer["users"] = users }
        return answer
    }

    /// `accounts:update` with `localId`: profile, email, password, `emailVerified`, `disableUser`,
    /// `customAttributes`, `deleteAttribute`, `deleteProvider`, `validSince` → `{localId}`.
    func update(_ body: [String: Any]) throws -> [String: Any] {
        guard let uid = try AuthJSON.string(body, "localId") else {
            throw EmulatorHTTPError(.badRequest, "MISSING_LOCAL_ID")
        }
        var changes = try Self.changes(body)
        changes.isDisabled = try AuthJSON.bool(body, "disableUser")
        let deletedAttributes = try AuthJSON.strings(body, "deleteAttribute")
        if deletedAttributes.contains("DISPLAY_NAME") { changes.displayName = .remove }
        if deletedAttributes.contains("PHOTO_URL") { changes.photoURL = .remove }
        var providers = try AuthJSON.strings(body, "deleteProvider")
        if providers.contains("phone") {
            changes.phoneNumber = .remove
            providers.removeAll { $0 == "phone" }
        }
        changes.deletedProviders = providers
        if let text = try AuthJSON.string(body, "customAttributes") {
            changes.customClaims = try Self.customClaims(text)
        }
        let record = try backend.updateAccount(uid: uid, changes)
        if body["validSince"] != nil { try backend.revokeRefreshTokens(uid: uid) }
        var answer = AuthJSON.user(record)
        answer["kind"] = "identitytoolkit#SetAccountInfoResponse"
        return answer
    }

    /// `accounts:delete` with `localId` → `{kind}`.
    func delete(_ body: [String: Any]) throws -> [String: Any] {
        guard let uid = try AuthJSON.string(body, "localId") else {
            throw EmulatorHTTPError(.badRequest, "MISSING_LOCAL_ID")
        }
        try backend.deleteAccount(uid: uid)
        return ["kind": "identitytoolkit#DeleteAccountResponse"]
    }

    /// `accounts:batchDelete` `{localIds, force}`: deletes each (an unknown uid counts as deleted; without
    /// `force`, an enabled account is refused with `NOT_DISABLED`) → `{errors?}`.
    func batchDelete(_ body: [String: Any]) throws -> [String: Any] {
        let uids = try AuthJSON.strings(body, "localIds")
        guard uids.count <= 1000 else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : at most 1000 localIds")
        }
        let force = try AuthJSON.bool(body, "force") ?? false
        var errors: [[String: Any]] = []
        for (index, uid) in uids.enumerated() {
            guard let record = backend.userRecord(uid: uid) else { continue }
            if !force && !record.account.isDisabled {
                errors.append(["index": index, "localId": uid, "message": "NOT_DISABLED : Disable the account first"])
                continue
            }
            try? backend.deleteAccount(uid: uid)
        }
        return errors.isEmpty ? [:] : ["errors": errors]
    }

    /// `GET accounts:batchGet?maxResults=&nextPageToken=`: accounts ordered by uid, after the page token (the
    /// last uid of the previous page) → `{users?, nextPageToken?}`.
    func batchGet(_ query: [String: String]) throws -> [String: Any] {
        let size = query["maxResults"].map { Int($0) ?? -1 } ?? 20
        guard (1...Self.maximumPageSize).contains(size) else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : maxResults must be 1 to \(Self.maximumPageSize)")
        }
        let after = query["nextPageToken"] ?? ""
        let remaining = backend.userRecords.filter { after.isEmpty || $0.account.uid > after }
        let page = remaining.prefix(size)
        var answer: [String: Any] = ["kind": "identitytoolkit#DownloadAccountResponse"]
        if !page.isEmpty { answer["users"] = page.map(AuthJSON.user) }
        if remaining.count > size, let last = page.last { answer["nextPageToken"] = last.account.uid }
        return answer
    }

    /// The attributes a create or an update sets: `email`, `password`, `displayName`, `photoUrl`,
    /// `phoneNumber`, `emailVerified`.
    static func changes(_ body: [String: Any]) throws(EmulatorHTTPError) -> LocalAuthAccountChanges {
        var changes = LocalAuthAccountChanges()
        changes.email = try AuthJSON.string(body, "email").map { .set($0) }
        changes.password = try AuthJSON.string(body, "password")
        changes.displayName = try AuthJSON.string(body, "displayName").map { .set($0) }
        if let photo = try AuthJSON.string(body, "photoUrl") {
            guard let url = URL(string: photo) else {
                throw EmulatorHTTPError(.badRequest, "INVALID_PHOTO_URL")
            }
            changes.photoURL = .set(url)
        }
        changes.phoneNumber = try AuthJSON.string(body, "phoneNumber").map { .set($0) }
        changes.isEmailVerified = try AuthJSON.bool(body, "emailVerified")
        return changes
    }

    /// The claims of a `customAttributes` text: a JSON object of at most 1,000 characters without reserved
    /// claim names.
    static func customClaims(_ text: String) throws(EmulatorHTTPError) -> [String: AuthClaimValue] {
        guard text.count <= maximumCustomAttributesLength else {
            throw EmulatorHTTPError(.badRequest, "CLAIMS_TOO_LARGE")
        }
        guard BoundedJSON.nestingIsBounded(Data(text.utf8), maximumDepth: EmulatorRequest.maximumNesting),
            let claims = try? JSONDecoder().decode([String: AuthClaimValue].self, from: Data(text.utf8))
        else {
            throw EmulatorHTTPError(.badRequest, "INVALID_CLAIMS")
        }
        if let reserved = claims.keys.sorted().first(where: reservedClaims.contains) {
            throw EmulatorHTTPError(.badRequest, "FORBIDDEN_CLAIM : \(reserved)")
        }
        return claims
    }
}
