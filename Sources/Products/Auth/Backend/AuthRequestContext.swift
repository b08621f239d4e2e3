// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What ``Auth`` sends with each request besides its arguments: its ``Auth/languageCode`` and
/// ``Auth/tenantID``.
///
/// Auth runs every backend call with its context in the task-local ``current``, so a backend shared by
/// several apps (several Auths) sends each call with the caller's language and tenant. ``RESTAuthBackend``
/// sends the language as the `X-Firebase-Locale` header and the tenant as `tenantId` in the bodies the SDK
/// puts it in; ``LocalAuthBackend`` records the tenant on the session (the ID token's `firebase.tenant`).
public struct AuthRequestContext: Sendable, Hashable {
    /// The context of the Auth call running in this task (empty outside one).
    @TaskLocal public static var current = AuthRequestContext()

    /// The language of emails and messages the backend sends (BCP 47), or nil for the project's default.
    public var languageCode: String?
    /// The tenant the request is for, or nil for the project itself.
    public var tenantID: String?

    /// A context.
    public init(languageCode: String? = nil, tenantID: String? = nil) {
        self.languageCode = languageCode
        self.tenantID = tenantID
    }
}
