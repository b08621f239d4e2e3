// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// Every protocol Auth serves, refined by one protocol that only this file can see. Registered as the one
/// cacheable, always-eager component holding the app's Auth; the public protocols are served from it.
/// (Its reflected name, `FlintAuth.(unknown context at $…).AuthCombinedInterop`, is shown by FlintCore as
/// `FlintAuth.AuthCombinedInterop`.)
private protocol AuthCombinedInterop: AuthInterop, AuthUserInterop, AuthSignInInterop {}

extension Auth: AuthCombinedInterop {}

/// Auth's registration: `FlintApp.registerLibrary(AuthLibrary.self)` before configuring apps.
///
/// Components, following Firebase's combined-protocol pattern:
///
/// | type | timing | caching | dependencies |
/// |---|---|---|---|
/// | `AuthCombinedInterop` (private) | always eager | cached: the app's one ``Auth`` | ``AuthBackend`` (required), ``AuthSettings`` (optional) |
/// | `AuthInterop`, `AuthUserInterop`, `AuthSignInInterop`, ``Auth`` | lazy | not cached: each returns the combined instance | `AuthCombinedInterop` (required) |
/// | ``AuthBackend`` | lazy | cached | none: a ``LocalAuthBackend`` for the app's project |
///
/// So every one of `AuthInterop`, `AuthUserInterop`, `AuthSignInInterop` and `Auth` resolves to the identical
/// object. Override ``AuthBackend`` (``backend(_:)``) or add ``AuthSettings`` (``settings(_:)``) with
/// `configure(overrides:)`.
public enum AuthLibrary: FlintLibrary {
    /// `flint-auth`.
    public static let libraryName = "flint-auth"
    /// The library version, reported in the registry's user agent.
    public static let libraryVersion = "1.0.0"

    /// The components above.
    public static func componentsToRegister() -> [Component] {
        let combined = Dependency.required(AuthCombinedInterop.self)
        return [
            Component(
                AuthCombinedInterop.self,
                timing: .alwaysEager,
                dependencies: [.required(AuthBackend.self), .optional(AuthSettings.self)]
            ) { container, isCacheable in
                isCacheable = true
                return Auth(
                    app: container.app,
                    appName: container.appName,
                    backend: try container.require(AuthBackend.self),
                    settings: container.instance(for: AuthSettings.self) ?? AuthSettings())
            },
            Component(AuthInterop.self, dependencies: [combined]) { container, _ in
                try container.require(AuthCombinedInterop.self)
            },
            Component(AuthUserInterop.self, dependencies: [combined]) { container, _ in
                try container.require(AuthCombinedInterop.self)
            },
            Component(AuthSignInInterop.self, dependencies: [combined]) { container, _ in
                try container.require(AuthCombinedInterop.self)
            },
            // What `Auth.auth(app:)` resolves: the concrete type, served by the combined instance.
            Component(Auth.self, dependencies: [combined]) { container, _ in
                try container.require(AuthCombinedInterop.self, as: Auth.self)
            },
            Component(AuthBackend.self) { container, isCacheable in
                isCacheable = true
                return LocalAuthBackend(projectID: container.app?.options.projectID ?? "flint-local")
            },
        ]
    }

    /// An override serving `backend` as the app's ``AuthBackend`` (pass the same object to several apps to
    /// let them share accounts, like devices of one project).
    public static func backend(_ backend: any AuthBackend) -> Component {
        Component.instance(backend, as: (any AuthBackend).self)
    }

    /// An override serving a ``RESTAuthBackend`` as the app's ``AuthBackend``: Auth then talks to Firebase's
    /// REST APIs at `endpoint` (production by default) with the app's `apiKey` and `googleAppID`.
    ///
    /// ```swift
    /// try AppRegistry.shared.configure(options: options, overrides: [AuthLibrary.restBackend()])
    /// ```
    public static func restBackend(endpoint: RESTAuthBackend.Endpoint = .production) -> Component {
        Component(AuthBackend.self) { container, isCacheable in
            isCacheable = true
            let options = container.app?.options
            return RESTAuthBackend(apiKey: options?.apiKey, endpoint: endpoint, appID: options?.googleAppID)
        }
    }

    /// An override serving `settings` as the app's ``AuthSettings`` (persistence, clock).
    public static func settings(_ settings: AuthSettings) -> Component {
        Component.instance(settings, as: AuthSettings.self)
    }
}
