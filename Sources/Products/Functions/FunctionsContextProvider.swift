// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop

/// The tokens one call carries, gathered from the optional interop dependencies.
struct FunctionsContext: Sendable, Equatable {
    /// The signed-in user's ID token (`Authorization: Bearer …`).
    var authToken: String?
    /// The FCM registration token (`Firebase-Instance-ID-Token`).
    var fcmToken: String?
    /// The App Check token, limited-use when the callable asked for one (`X-Firebase-AppCheck`).
    var appCheckToken: String?
}

/// Gathers a call's tokens from Auth, Messaging and App Check, each of which may be absent, as Firebase's
/// `FunctionsContextProvider` does.
struct FunctionsContextProvider: Sendable {
    /// Nil when no component provides AuthInterop: no `Authorization` header.
    let auth: (any AuthInterop)?
    /// Nil when no component provides MessagingInterop: no `Firebase-Instance-ID-Token` header.
    let messaging: (any MessagingInterop)?
    /// Nil when no component provides AppCheckInterop: no `X-Firebase-AppCheck` header.
    let appCheck: (any AppCheckInterop)?

    /// The tokens for one call.
    ///
    /// - The ID token is asked for without forcing a refresh; nil when nobody is signed in. An error
    ///   getting it fails the call with that error, as in Firebase.
    /// - The App Check token (limited-use when `options.requireLimitedUseAppCheckTokens`) is always sent
    ///   when App Check is present: on failure App Check hands out a placeholder token, which is sent.
    func context(options: HTTPSCallableOptions) async throws -> FunctionsContext {
        let authToken = try await auth?.getToken(forcingRefresh: false)
        let appCheckToken: String?
        if let appCheck {
            appCheckToken =
                options.requireLimitedUseAppCheckTokens
                ? await appCheck.getLimitedUseToken().token
                : await appCheck.getToken(forcingRefresh: false).token
        } else {
            appCheckToken = nil
        }
        return FunctionsContext(authToken: authToken, fcmToken: messaging?.fcmToken, appCheckToken: appCheckToken)
    }
}
