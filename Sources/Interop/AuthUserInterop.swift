// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The user side of Auth: who is signed in, as seen by another product.
///
/// Auth serves this protocol, ``AuthSignInInterop`` and ``AuthInterop`` from one instance: it registers
/// a private combined protocol that refines all of them as a cacheable component, and one non-cacheable
/// component per public protocol whose factory declares a required dependency on the combined protocol
/// and returns that instance. Resolving any of them therefore yields the identical object.
public protocol AuthUserInterop: AnyObject, Sendable {
    /// The signed-in user's uid, or nil when nobody is signed in.
    var currentUserID: String? { get }

    /// Whether the signed-in user is anonymous; false when nobody is signed in.
    var isAnonymous: Bool { get }

    /// The signed-in user's email address, or nil when nobody is signed in or the user has none
    /// (for example an anonymous user).
    var email: String? { get }
}
