// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// When an account was created and last signed in (``User/metadata``).
public struct UserMetadata: Sendable, Hashable, Codable {
    /// When the account was created.
    public var creationDate: Date?
    /// When the user last signed in (a token refresh is not a sign-in).
    public var lastSignInDate: Date?

    /// Metadata with the given dates.
    public init(creationDate: Date? = nil, lastSignInDate: Date? = nil) {
        self.creationDate = creationDate
        self.lastSignInDate = lastSignInDate
    }
}
