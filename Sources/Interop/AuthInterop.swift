// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// What Auth offers other products: the signed-in user's ID token and uid.
///
/// A product that talks to a backend on the user's behalf (Functions, Storage, Firestore, Database)
/// declares `.optional(AuthInterop.self)` and asks its container for it; when Auth is not linked into
/// the app the dependency is simply nil and the product sends requests unauthenticated.
///
/// ```swift
/// Component(FunctionsProvider.self, dependencies: [.optional(AuthInterop.self)]) { container, isCacheable in
///     isCacheable = true
///     return FunctionsProvider(auth: container.instance(for: AuthInterop.self))
/// }
/// ```
///
/// The protocol is class-bound so that every product sees the identical Auth instance of its app,
/// and `Sendable` so the instance can be used from any task.
public protocol AuthInterop: AnyObject, Sendable {
    /// The current user's ID token, refreshed first when `forcingRefresh` is true or when the cached
    /// token is about to expire.
    ///
    /// - Returns: the token, or nil (without an error) when nobody is signed in.
    /// - Throws: when a signed-in user's token cannot be obtained (for example a network failure).
    func getToken(forcingRefresh: Bool) async throws -> String?

    /// The current user's uid, or nil when nobody is signed in.
    func getUserID() -> String?

    /// Calls `listener` with the new uid (nil: signed out) each time the signed-in user changes, until the
    /// returned registration is removed (the role of the SDK's auth-state-change notification, which
    /// Firestore observes to switch its queue of pending writes). Calls may repeat a uid; they come from any
    /// thread, never while the implementation holds a lock.
    ///
    /// The default implementation never calls `listener` (for conformers that cannot observe changes).
    func addUserChangeListener(_ listener: @escaping @Sendable (String?) -> Void) -> any ListenerRegistration
}

extension AuthInterop {
    /// Never calls `listener`: a conformer that cannot observe user changes.
    public func addUserChangeListener(_ listener: @escaping @Sendable (String?) -> Void) -> any ListenerRegistration {
        ClosureListenerRegistration {}
    }
}
