// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// LocalAuthBackend's user management: what the Admin SDK does with Identity Toolkit's project-scoped
// `accounts` endpoints (create, update with custom claims, delete, list), for the console and for an emulator
// serving those endpoints.

extension LocalAuthBackend {
    /// Creates an account as an administrator does (the Admin SDK's `create_user`): with `uid` or a new one,
    /// and the attributes of `changes` (an email address, a password, a profile, `isDisabled`, custom claims).
    /// No session is started.
    ///
    /// - Throws: ``AuthErrorCode/credentialAlreadyInUse`` when `uid` is taken (the Admin SDK's
    ///   `uid-already-exists`), ``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/invalidEmail``,
    ///   ``AuthErrorCode/weakPassword``, ``AuthErrorCode/internalError`` for a `uid` that is empty or longer
    ///   than 128 characters.
    @discardableResult
    public func createAccount(uid: String? = nil, _ changes: LocalAuthAccountChanges = LocalAuthAccountChanges())
        throws(AuthErrorCode) -> LocalAuthUserRecord
    {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in
            try store.createAccount(uid: uid, changes, now: now)
        }
    }

    /// Changes an account as an administrator does (the Admin SDK's `update_user` and
    /// `set_custom_user_claims`). A new password revokes the account's sessions.
    ///
    /// - Throws: ``AuthErrorCode/userNotFound``, ``AuthErrorCode/emailAlreadyInUse``,
    ///   ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/weakPassword``.
    @discardableResult
    public func updateAccount(uid: String, _ changes: LocalAuthAccountChanges) throws(AuthErrorCode)
        -> LocalAuthUserRecord
    {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in
            try store.updateAccount(uid: uid, changes, now: now)
        }
    }

    /// Deletes an account (the Admin SDK's `delete_user`); its refresh tokens stop working.
    ///
    /// - Throws: ``AuthErrorCode/userNotFound``.
    public func deleteAccount(uid: String) throws(AuthErrorCode) {
        try store.persisting { store throws(AuthErrorCode) in try store.deleteAccount(uid: uid) }
    }

    /// Deletes every account, session and out-of-band code (the Auth emulator's
    /// `DELETE /emulator/v1/projects/{id}/accounts`).
    public func deleteAllAccounts() throws(AuthErrorCode) {
        try store.persisting { store throws(AuthErrorCode) in store.deleteAllAccounts() }
    }

    /// The account with this uid and what only an administrator sees of it, if any.
    public func userRecord(uid: String) -> LocalAuthUserRecord? {
        store.withLock { $0.records[uid].map(LocalAuthStore.userRecord) }
    }

    /// Every account with what only an administrator sees, ordered by uid (the order Identity Toolkit's
    /// `accounts:batchGet` pages through).
    public var userRecords: [LocalAuthUserRecord] {
        store.withLock { $0.records.values.map(LocalAuthStore.userRecord) }.sorted { $0.account.uid < $1.account.uid }
    }
}
