// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The IDs of the sign-in providers, as the SDK names them (AuthProviderID/google is `"google.com"`, …).
public struct AuthProviderID: Sendable, Hashable {
    /// The provider's ID string.
    public let rawValue: String

    private init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Sign in with Apple: `"apple.com"`.
    public static var apple: Self { Self(rawValue: "apple.com") }
    /// Email and password: `"password"`.
    public static var email: Self { Self(rawValue: "password") }
    /// Facebook: `"facebook.com"`.
    public static var facebook: Self { Self(rawValue: "facebook.com") }
    /// Game Center: `"gc.apple.com"` (Flint has no Game Center sign-in).
    public static var gameCenter: Self { Self(rawValue: "gc.apple.com") }
    /// GitHub: `"github.com"`.
    public static var gitHub: Self { Self(rawValue: "github.com") }
    /// Google: `"google.com"`.
    public static var google: Self { Self(rawValue: "google.com") }
    /// Phone: `"phone"` (Flint has no phone sign-in).
    public static var phone: Self { Self(rawValue: "phone") }

    /// Any other provider ID, for example an OpenID Connect provider's `"oidc.example"`.
    public static func custom(_ value: String) -> Self { Self(rawValue: value) }
}
