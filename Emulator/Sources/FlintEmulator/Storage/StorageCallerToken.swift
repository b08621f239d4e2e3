// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage

/// Who a Storage request comes from: its `Authorization: Firebase <ID token>` (the SDKs) or `Bearer <token>`
/// header. `owner` (the Admin SDK's emulator credential) is an administrator, whom the rules do not judge; another
/// token must be a JWT whose `user_id` or `sub` is the caller's uid (signatures are not checked: this is an
/// emulator). `X-Firebase-AppCheck` is kept as the caller's App Check token.
enum StorageCallerToken {
    /// The caller of `request`, and whether it is an administrator.
    /// - Throws: ``EmulatorHTTPError`` 401 for a token that is not a JWT with a uid.
    static func caller(of request: EmulatorRequest) throws(EmulatorHTTPError) -> (StorageCaller, isAdmin: Bool) {
        let appCheck = request.header("X-Firebase-AppCheck")
        guard let header = request.header("Authorization") else {
            return (StorageCaller(appCheckToken: appCheck), false)
        }
        var token = header
        for scheme in ["Firebase ", "Bearer "] where header.hasPrefix(scheme) {
            token = String(header.dropFirst(scheme.count))
        }
        if token == "owner" { return (StorageCaller(appCheckToken: appCheck), true) }
        guard let uid = DatabaseCallerToken.uid(of: token) else {
            throw EmulatorHTTPError(.unauthorized, "Invalid authorization: the token is not an ID token.")
        }
        return (StorageCaller(uid: uid, authToken: token, appCheckToken: appCheck), false)
    }
}
