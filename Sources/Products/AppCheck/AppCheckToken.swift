import Foundation

/// An App Check token and when it expires.
public struct AppCheckToken: Sendable, Hashable {
    /// The token to send in the `X-Firebase-AppCheck` header (a JWT).
    public var token: String
    /// When the backend stops accepting it.
    public var expirationDate: Date

    /// A token.
    public init(token: String, expirationDate: Date) {
        self.token = token
        self.expirationDate = expirationDate
    }
}
