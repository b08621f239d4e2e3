// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// A change of a user's display name and photo (`User.createProfileChangeRequest()`): only the properties set
/// are changed; setting one to nil removes it.
///
/// `accounts:update` with `displayName`, `photoUrl` and, for a property set to nil, `deleteAttribute`
/// (`DISPLAY_NAME`, `PHOTO_URL`). The SDK sends nothing for a nil value (so it cannot remove a name); Flint
/// follows the REST API and the JavaScript SDK there. Unlike the SDK, which stops the app on a second
/// `commitChanges()` or a change after it, a request may be changed and committed again.
public final class UserProfileChangeRequest: Sendable {
    private let user: User
    private let changes = Locked(Changes())

    /// What was set.
    private struct Changes {
        var displayName: String?
        var displayNameWasSet = false
        var photoURL: URL?
        var photoURLWasSet = false
    }

    init(_ user: User) {
        self.user = user
    }

    /// The new display name (nil: remove it); unchanged unless set.
    public var displayName: String? {
        get { changes.withLock { $0.displayName } }
        set {
            changes.withLock {
                $0.displayName = newValue
                $0.displayNameWasSet = true
            }
        }
    }

    /// The new photo URL (nil: remove it); unchanged unless set.
    public var photoURL: URL? {
        get { changes.withLock { $0.photoURL } }
        set {
            changes.withLock {
                $0.photoURL = newValue
                $0.photoURLWasSet = true
            }
        }
    }

    /// Sends the changes; the user's `displayName` and `photoURL` then show them. Nothing set: returns at
    /// once, without a request, as in the SDK.
    ///
    /// - Throws: AuthErrorCode/nullUser (the user is not its Auth's current user), token errors,
    ///   AuthErrorCode/networkError.
    public func commitChanges() async throws(AuthErrorCode) {
        let set = changes.withLock { $0 }
        guard set.displayNameWasSet || set.photoURLWasSet else { return }
        var request = AuthProfileChanges()
        if set.displayNameWasSet {
            if let name = set.displayName {
                request.displayName = name
            } else {
                request.deleteAttributes.append("DISPLAY_NAME")
            }
        }
        if set.photoURLWasSet {
            if let url = set.photoURL { request.photoURL = url } else { request.deleteAttributes.append("PHOTO_URL") }
        }
        try await user.requireAuth().commitProfile(of: user, changes: request)
    }
}
