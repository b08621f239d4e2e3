// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The kind of APNs token given to ``Messaging/setAPNSToken(_:type:)`` (Firebase's `MessagingAPNSTokenType`, same
/// raw values). It decides the `apns_environment` sent with a registration: `SANDBOX` for ``sandbox``, `PROD`
/// otherwise.
public enum MessagingAPNSTokenType: Int, Sendable, Hashable, CaseIterable {
    /// Let Messaging find the type (0). Firebase reads the app's provisioning profile; Flint has none to read and
    /// treats the token as a production one, as Firebase does for an app without a profile.
    case unknown = 0
    /// A token of the APNs sandbox (1), as debug builds get.
    case sandbox = 1
    /// A production token (2).
    case prod = 2

    /// The `apns_environment` Firebase sends for this type: `SANDBOX` or `PROD`.
    var environment: String { self == .sandbox ? "SANDBOX" : "PROD" }
}
