// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// App Check's registration: `FlintApp.registerLibrary(AppCheckLibrary.self)` before configuring apps.
///
/// | type | timing | caching | dependencies |
/// |---|---|---|---|
/// | ``AppCheck`` | always eager | cached: the app's one App Check (nil when the factory gives no provider) | ``AppCheckProviderFactory`` (required), ``AppCheckSettings`` (optional) |
/// | `AppCheckInterop` | lazy | not cached: returns the app's ``AppCheck`` | ``AppCheck`` (required) |
/// | ``AppCheckProviderFactory`` | lazy | cached | none: an ``AppCheckDebugProviderFactory`` |
///
/// Overriding `AppCheckInterop` (for example with FlintTesting's `FakeAppCheck`) changes what other products
/// see and leaves ``AppCheck/appCheck(app:)`` alone.
public enum AppCheckLibrary: FlintLibrary {
    /// `flint-appcheck`.
    public static let libraryName = "flint-appcheck"
    /// The library version, reported in the registry's user agent.
    public static let libraryVersion = "1.0.0"

    /// The components above.
    public static func componentsToRegister() -> [Component] {
        [
            Component(
                AppCheck.self,
                timing: .alwaysEager,
                dependencies: [.required(AppCheckProviderFactory.self), .optional(AppCheckSettings.self)]
            ) { container, isCacheable in
                guard let app = container.app else { return nil }
                let factory = try container.require(AppCheckProviderFactory.self)
                guard let provider = factory.createProvider(with: app) else { return nil }
                isCacheable = true
                return AppCheck(
                    appName: container.appName, provider: provider,
                    settings: container.instance(for: AppCheckSettings.self) ?? AppCheckSettings(),
                    dataCollectionDefault: { [weak app] in app?.isDataCollectionDefaultEnabled ?? false }, app: app)
            },
            Component(AppCheckInterop.self, dependencies: [.required(AppCheck.self)]) { container, _ in
                container.instance(for: AppCheck.self)
            },
            Component(AppCheckProviderFactory.self) { _, isCacheable in
                isCacheable = true
                return AppCheckDebugProviderFactory()
            },
        ]
    }

    /// An override serving `factory` as the apps' ``AppCheckProviderFactory`` (Firebase's
    /// `setAppCheckProviderFactory`, per app instead of global).
    public static func providerFactory(_ factory: any AppCheckProviderFactory) -> Component {
        Component.instance(factory, as: (any AppCheckProviderFactory).self)
    }

    /// An override serving `settings` (the clock, automatic refresh) as the apps' ``AppCheckSettings``.
    public static func settings(_ settings: AppCheckSettings) -> Component {
        Component.instance(settings, as: AppCheckSettings.self)
    }
}
