// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a ``LocalFunctionsBackend`` handler learns about its caller, like the `context` (or `request`)
/// of a Cloud Functions callable handler.
public struct CallableContext: Sendable, Hashable {
    /// The name the function was called by.
    public var functionName: String
    /// The signed-in caller, decoded from the `Authorization` bearer token; nil for an unauthenticated call.
    public var auth: CallableAuthContext?
    /// The App Check token (`X-Firebase-AppCheck`), as sent; nil when none was sent.
    public var appCheckToken: String?
    /// The App Check claims when ``appCheckToken`` is a local (unsigned) JWT, e.g. from FlintAppCheck's
    /// local backend; nil otherwise. The embedded backend does not enforce App Check.
    public var app: CallableAppCheckContext?
    /// The FCM registration token (`Firebase-Instance-ID-Token`); nil when none was sent.
    public var instanceIDToken: String?
    /// Every request header, as sent.
    public var headers: [String: String]

    /// A context with every part given (handy to call a handler directly in a test).
    public init(
        functionName: String,
        auth: CallableAuthContext? = nil,
        appCheckToken: String? = nil,
        app: CallableAppCheckContext? = nil,
        instanceIDToken: String? = nil,
        headers: [String: String] = [:]
    ) {
        self.functionName = functionName
        self.auth = auth
        self.appCheckToken = appCheckToken
        self.app = app
        self.instanceIDToken = instanceIDToken
        self.headers = headers
    }
}
