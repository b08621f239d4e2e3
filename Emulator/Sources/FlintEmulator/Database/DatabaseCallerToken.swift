// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintDatabase
import Foundation

/// Who a REST request comes from: the `auth` (or `access_token`) parameter or an `Authorization: Bearer`
/// header. `owner` (the Admin SDK's emulator credential) is an administrator; another value must be a JWT (an
/// ID token: signed or, as the Auth emulator issues them, unsigned) whose `user_id` or `sub` is the caller's
/// uid. Signatures are not checked: this is an emulator.
enum DatabaseCallerToken {
    static func caller(of request: EmulatorRequest) throws(EmulatorHTTPError) -> DatabaseCaller {
        var token = request.query["auth"] ?? request.query["access_token"]
        if token == nil, let header = request.header("Authorization"), header.hasPrefix("Bearer ") {
            token = String(header.dropFirst("Bearer ".count))
        }
        guard let token, !token.isEmpty, token != "owner" else { return DatabaseCaller() }
        guard let uid = uid(of: token) else {
            throw EmulatorHTTPError(.unauthorized, "Could not parse auth token.")
        }
        return DatabaseCaller(uid: uid, idToken: token)
    }

    /// The `user_id` (or `sub`) claim of a JWT.
    static func uid(of token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let claims = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let uid = claims["user_id"] as? String ?? claims["sub"] as? String, !uid.isEmpty
        else { return nil }
        return uid
    }
}
