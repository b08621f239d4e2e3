import FlintCore
import FlintProductSupport
import FlintInterop

/// Builds the ``FirestoreCaller`` of each request from the app's optional Auth and App Check.
struct CredentialsProvider: Sendable {
    let auth: (any AuthInterop)?
    let appCheck: (any AppCheckInterop)?

    /// Claims of a local ID token that carry the uid.
    private struct Claims: Decodable {
        var sub: String?
        var user_id: String?
    }

    /// The current caller: the uid from the ID token (`sub` / `user_id` of a local JWT) or, when the token is
    /// not one, `getUserID()`; and the App Check token.
    /// - Throws: ``FirestoreErrorCode/unauthenticated`` when a signed-in user's token cannot be obtained.
    func caller() async throws(FirestoreError) -> FirestoreCaller {
        var caller = FirestoreCaller()
        if let auth {
            let token: String?
            do {
                token = try await auth.getToken(forcingRefresh: false)
            } catch {
                throw FirestoreError(.unauthenticated, "Could not get the user's ID token: \(error)")
            }
            if let token, let claims = try? LocalJWT.decode(Claims.self, from: token),
               let uid = claims.sub ?? claims.user_id {
                caller.uid = uid
            } else if token != nil {
                caller.uid = auth.getUserID()
            }
        }
        if let appCheck {
            let result = await appCheck.getToken(forcingRefresh: false)
            caller.appCheckToken = result.token
        }
        return caller
    }
}
