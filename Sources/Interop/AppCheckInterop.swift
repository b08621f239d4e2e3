// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What App Check offers other products: attestation tokens for backend requests.
///
/// A product declares `.optional(AppCheckInterop.self)` and, when App Check is present, sends the
/// token in its `X-Firebase-AppCheck` header.
public protocol AppCheckInterop: AnyObject, Sendable {
    /// A cached App Check token, refreshed first when `forcingRefresh` is true or when it has expired.
    ///
    /// Never throws: a failure is reported in the result's ``AppCheckTokenResultInterop/error``.
    func getToken(forcingRefresh: Bool) async -> any AppCheckTokenResultInterop

    /// A fresh token meant for one request (replay protection); never cached.
    ///
    /// Never throws: a failure is reported in the result's ``AppCheckTokenResultInterop/error``.
    func getLimitedUseToken() async -> any AppCheckTokenResultInterop
}
