// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// What Installations offers other products: the app instance's Firebase installation ID (FID) and the
/// installation auth token that Remote Config and Messaging send to their backends.
///
/// A product declares `.optional(InstallationsInterop.self)` (or `.required`) and resolves it from its
/// app's container; it never links FlintInstallations. This is the role of `FirebaseInstallationsApi`
/// on Android and of `FIRInstallations` on Apple platforms.
public protocol InstallationsInterop: AnyObject, Sendable {
    /// The installation ID: 22 characters of URL-safe base64 whose first four bits are `0111`, created on
    /// first use and persisted per app.
    func installationID() async throws -> String

    /// The installation auth token, served from the cache until it is about to expire or when
    /// `forcingRefresh` is true; concurrent refreshes share one request.
    func authToken(forcingRefresh: Bool) async throws -> any InstallationsAuthTokenInterop

    /// Calls `listener` with the new installation ID each time it changes (for example after `delete()`),
    /// until the returned registration is removed. Calls come from any thread, never while the
    /// implementation holds a lock.
    func addInstallationIDChangeListener(_ listener: @escaping @Sendable (String) -> Void) -> any ListenerRegistration
}

/// An installation auth token and when it expires.
public protocol InstallationsAuthTokenInterop: AnyObject, Sendable {
    /// The token, sent as `X-Goog-Firebase-Installations-Auth`.
    var authToken: String { get }

    /// When the token stops being accepted.
    var expirationDate: Date { get }
}
