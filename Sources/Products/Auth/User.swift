// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// A signed-in user: a reference type, as the SDK's `User`, whose properties follow its account.
///
/// ```swift
/// let user = auth.currentUser!
/// try await user.reload()          // the same object now has the server's profile
/// print(user.displayName ?? "no name")
/// let token = try await user.getIDToken()
/// ```
///
/// ``Auth/currentUser`` returns the same object for the signed-in user across token refreshes, reloads,
/// profile changes, linking and reauthentication; a new sign-in (even of the same account) makes a new object,
/// as in the SDK. The object keeps what it knows behind a lock, so it may be read and used from any task, and
/// refers to its ``Auth`` weakly: once that Auth is gone its operations throw ``AuthErrorCode/nullUser``. A user
/// that is no longer its Auth's current user (signed out, or replaced by another sign-in) keeps its session for
/// ``reload()``, ``link(with:)`` and ``reauthenticate(with:)``, as the SDK's does; its other operations throw
/// ``AuthErrorCode/nullUser``.
///
/// Equality and hashing are identity (`===`), as `NSObject` equality is for the SDK's `User`: compare ``uid``s to
/// ask "the same account?".
public final class User: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The account data, replaced as a whole when the account changes.
    private let snapshotBox: Locked<UserSnapshot>
    /// The Auth this user belongs to, weakly.
    private let authBox: Locked<WeakAuth>
    /// The session this user had when it stopped being its Auth's current user (signed out, or replaced by
    /// another sign-in): what ``reload()``, ``link(with:)`` and ``reauthenticate(with:)`` use then, as the SDK's
    /// user keeps its own tokens. Nil while it is the current user.
    private let detachedBox = Locked<AuthSession?>(nil)

    /// A weak reference to an ``Auth``, as a value the lock can hold.
    private struct WeakAuth {
        weak var auth: Auth?
    }

    /// A user of `auth` with `snapshot`.
    init(_ snapshot: UserSnapshot, auth: Auth?) {
        snapshotBox = Locked(snapshot)
        authBox = Locked(WeakAuth(auth: auth))
    }

    /// A user belonging to no ``Auth`` (for tests and previews): its properties are the given ones and its
    /// operations throw ``AuthErrorCode/nullUser``, until ``Auth/updateCurrentUser(_:)`` adopts it (which
    /// needs a `refreshToken` its backend knows). The SDK has no public initializer; apps get users from
    /// ``Auth``.
    public convenience init(
        uid: String,
        email: String? = nil,
        displayName: String? = nil,
        photoURL: URL? = nil,
        isAnonymous: Bool = false,
        isEmailVerified: Bool = false,
        providerData: [UserInfo] = [],
        metadata: UserMetadata = UserMetadata(),
        refreshToken: String? = nil,
        tenantID: String? = nil
    ) {
        self.init(
            UserSnapshot(
                uid: uid, email: email, displayName: displayName, photoURL: photoURL, isAnonymous: isAnonymous,
                isEmailVerified: isEmailVerified, providerData: providerData, metadata: metadata,
                refreshToken: refreshToken, tenantID: tenantID),
            auth: nil)
    }

    // MARK: - Properties

    /// The user's unique id (28 characters for users of the local backend).
    public var uid: String { snapshot.uid }
    /// The email address; nil for anonymous users and identity-provider users without one.
    public var email: String? { snapshot.email }
    /// The user's name, if set (by ``UserProfileChangeRequest`` or an identity provider).
    public var displayName: String? { snapshot.displayName }
    /// The user's profile photo, if set.
    public var photoURL: URL? { snapshot.photoURL }
    /// The user's phone number; always nil in Flint, which has no phone sign-in.
    public var phoneNumber: String? { snapshot.phoneNumber }
    /// Whether the user signed in anonymously and has linked no provider since.
    public var isAnonymous: Bool { snapshot.isAnonymous }
    /// Whether the email address was verified.
    public var isEmailVerified: Bool { snapshot.isEmailVerified }
    /// One entry per linked sign-in provider (`"password"`, `"google.com"`, …), each with what that provider
    /// knows; empty for anonymous users.
    public var providerData: [UserInfo] { snapshot.providerData }
    /// When the account was created and when it last signed in.
    public var metadata: UserMetadata { snapshot.metadata }
    /// Always `"Firebase"`, as in Firebase.
    public var providerID: String { "Firebase" }
    /// The refresh token of the user's session (nil for a user made with the public initializer without one).
    public var refreshToken: String? { snapshot.refreshToken }
    /// The tenant the user signed in to (``Auth/tenantID`` at sign-in; over REST the ID token's
    /// `firebase.tenant`); nil for the project's own users.
    public var tenantID: String? { snapshot.tenantID }
    /// The uid, for `Identifiable`.
    public var id: String { uid }

    /// The uid and email, for logs.
    public var description: String { "User(uid: \(uid), email: \(email ?? "nil"))" }

    /// Identity, as `NSObject` equality for the SDK's `User`.
    public static func == (lhs: User, rhs: User) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    // MARK: - Operations

    /// Reloads the user's profile from the backend (`accounts:lookup`): this object's properties then show the
    /// account as the server has it (a display name set elsewhere, a verified email, linked providers).
    ///
    /// Works on a user that is no longer its Auth's current user too (with the session it had then), as in the
    /// SDK.
    ///
    /// - Throws: ``AuthErrorCode/nullUser`` when the user's Auth is gone; token errors
    ///   (``AuthErrorCode/userTokenExpired``, ``AuthErrorCode/userNotFound``, ``AuthErrorCode/userDisabled``
    ///   sign the current user out); ``AuthErrorCode/networkError``.
    public func reload() async throws(AuthErrorCode) {
        try await requireAuth().reload(self)
    }

    /// Deletes the user's account and signs the user out.
    ///
    /// - Throws: ``AuthErrorCode/nullUser``, ``AuthErrorCode/requiresRecentLogin`` (last sign-in more than five
    ///   minutes ago: ``reauthenticate(with:)`` first), token errors.
    public func delete() async throws(AuthErrorCode) {
        try await requireAuth().delete(self)
    }

    /// Changes the user's password. The user stays signed in with new tokens; the account's other sessions
    /// (other devices) are revoked and signed out at their next token refresh.
    ///
    /// - Throws: ``AuthErrorCode/weakPassword`` (empty, fewer than 6 or more than 4096 characters; an empty one
    ///   without a request, as in the SDK), ``AuthErrorCode/requiresRecentLogin``, ``AuthErrorCode/nullUser``,
    ///   token errors.
    public func updatePassword(to password: String) async throws(AuthErrorCode) {
        guard !password.isEmpty else { throw .weakPassword }
        try await requireAuth().updatePassword(of: self, to: password)
    }

    /// The user's ID token: the cached one while it expires more than five minutes from now, otherwise (or
    /// when `forcingRefresh`) a new one from the backend. Concurrent refreshes share one request.
    ///
    /// - Throws: ``AuthErrorCode/nullUser`` when the user is not its Auth's current user; the refresh's error
    ///   otherwise (``AuthErrorCode/userTokenExpired``, ``AuthErrorCode/userDisabled`` and
    ///   ``AuthErrorCode/userNotFound`` also sign the user out, as in Firebase).
    public func getIDToken(forcingRefresh: Bool = false) async throws(AuthErrorCode) -> String {
        try await requireAuth().idToken(of: self, forcingRefresh: forcingRefresh)
    }

    /// The same as ``getIDToken(forcingRefresh:)``: the SDK 12.19 keeps this spelling "for compatibility with a
    /// mis-named Firebase 10 API".
    ///
    /// - Throws: the errors of ``getIDToken(forcingRefresh:)``.
    public func idTokenForcingRefresh(_ forceRefresh: Bool) async throws(AuthErrorCode) -> String {
        try await getIDToken(forcingRefresh: forceRefresh)
    }

    /// The ID token with its decoded claims (``getIDToken(forcingRefresh:)`` plus decoding).
    ///
    /// - Throws: the errors of ``getIDToken(forcingRefresh:)``; ``AuthErrorCode/malformedJWT`` when the token
    ///   cannot be decoded.
    public func getIDTokenResult(forcingRefresh: Bool = false) async throws(AuthErrorCode) -> AuthTokenResult {
        let token = try await getIDToken(forcingRefresh: forcingRefresh)
        guard let standard = try? LocalJWT.decode(IDTokenClaims.self, from: token),
            let claims = try? LocalJWT.decode([String: AuthClaimValue].self, from: token)
        else { throw .malformedJWT }
        return AuthTokenResult(token: token, standardClaims: standard, claims: claims)
    }

    // MARK: - Internals

    /// The account data now.
    var snapshot: UserSnapshot { snapshotBox.withLock { $0 } }

    /// Replaces the account data (the caller holds Auth's lock; nothing else is locked here).
    func update(_ snapshot: UserSnapshot) {
        snapshotBox.withLock { $0 = snapshot }
    }

    /// The Auth this user belongs to, if it is still there.
    var auth: Auth? { authBox.withLock { $0.auth } }

    /// Makes `auth` this user's Auth (``Auth/updateCurrentUser(_:)`` adopting a user of another Auth); the user
    /// is current there, so it keeps no session of its own.
    func attach(to auth: Auth) {
        authBox.withLock { $0.auth = auth }
        detachedBox.withLock { $0 = nil }
    }

    /// The session this user keeps since it stopped being current; nil while current.
    var detachedSession: AuthSession? { detachedBox.withLock { $0 } }

    /// Keeps `session` as this no-longer-current user's own session and shows its account.
    func keepDetached(_ session: AuthSession) {
        detachedBox.withLock { $0 = session }
        update(session.user)
    }

    /// This user's Auth.
    ///
    /// - Throws: ``AuthErrorCode/nullUser`` when it is gone.
    func requireAuth() throws(AuthErrorCode) -> Auth {
        guard let auth else { throw .nullUser }
        return auth
    }
}
