import FlintInterop
import FlintProductSupport

/// Finds out who the caller is: the uid from ``AuthInterop``'s ID token (its `sub` or `user_id` claim, or
/// the user ID when the token is not a JWT) and the App Check token.
struct DatabaseCredentials: Sendable {
    let auth: (any AuthInterop)?
    let appCheck: (any AppCheckInterop)?

    private struct Claims: Decodable {
        var sub: String?
        var user_id: String?
    }

    /// Whether there is neither Auth nor App Check: the caller is always the anonymous one.
    var isAnonymous: Bool { auth == nil && appCheck == nil }

    /// The current caller.
    /// - Throws: ``DatabaseErrorCode/unauthenticated`` when the ID token cannot be obtained.
    func caller() async throws(DatabaseError) -> DatabaseCaller {
        var caller = DatabaseCaller()
        if let auth {
            let token: String?
            do {
                token = try await auth.getToken(forcingRefresh: false)
            } catch {
                throw DatabaseError(.unauthenticated, "Could not get the user's ID token: \(error)")
            }
            if let token, let claims = try? LocalJWT.decode(Claims.self, from: token),
               let uid = claims.sub ?? claims.user_id {
                caller.uid = uid
            } else if token != nil {
                caller.uid = auth.getUserID()
            }
        }
        if let appCheck {
            caller.appCheckToken = await appCheck.getToken(forcingRefresh: false).token
        }
        return caller
    }
}
