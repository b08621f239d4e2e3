// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import Foundation

/// Registers Installations with an app registry: `FlintApp.registerLibrary(InstallationsLibrary.self)` (or
/// `registry.register(InstallationsLibrary.self)`) before configuring.
///
/// Components, per app:
/// - ``Installations`` (cacheable, lazy), also serving `InstallationsInterop` to Remote Config and
///   Messaging; a required dependency on ``InstallationsBackend`` and an optional one on
///   ``InstallationsSettings``;
/// - ``InstallationsBackend`` (cacheable, lazy): a new ``LocalInstallationsBackend``.
public enum InstallationsLibrary: FlintLibrary {
    /// `flint-install`, Flint's counterpart of Firebase's `fire-install`.
    public static let libraryName = "flint-install"
    /// The library version.
    public static let libraryVersion = "0.1.0"

    /// The instance (also as `InstallationsInterop`) and the default backend.
    public static func componentsToRegister() -> [Component] {
        [
            Component(
                Installations.self,
                alsoProviding: [.type(InstallationsInterop.self) { InstallationsInteropBridge($0) }],
                dependencies: [.required(InstallationsBackend.self), .optional(InstallationsSettings.self)]
            ) { container, isCacheable in
                isCacheable = true
                guard let app = container.app else { throw ComponentError.appDeleted(name: container.appName) }
                return Installations(
                    appName: container.appName, options: app.options,
                    backend: try container.require(InstallationsBackend.self),
                    settings: container.instance(for: InstallationsSettings.self) ?? InstallationsSettings(), app: app)
            },
            Component(InstallationsBackend.self, dependencies: [.optional(InstallationsSettings.self)]) {
                container, isCacheable in
                isCacheable = true
                let settings = container.instance(for: InstallationsSettings.self) ?? InstallationsSettings()
                return LocalInstallationsBackend(now: settings.now)
            },
        ]
    }

    /// An override serving `backend` as the app's ``InstallationsBackend`` (share one between apps to model
    /// one project).
    public static func backend(_ backend: any InstallationsBackend) -> Component {
        Component.instance(backend, as: (any InstallationsBackend).self)
    }

    /// An override serving a ``RESTInstallationsBackend`` at `origin` (production by default) with the app's
    /// project ID and API key.
    ///
    /// The factory fails (`ComponentError.factoryFailed(type:reason:)` when resolved) for an app whose
    /// options have no `projectID` or `apiKey`.
    public static func restBackend(origin: URL = RESTInstallationsBackend.productionOrigin) -> Component {
        Component(InstallationsBackend.self, dependencies: [.optional(InstallationsSettings.self)]) {
            container, isCacheable in
            isCacheable = true
            guard let options = container.app?.options, let projectID = options.projectID, let apiKey = options.apiKey
            else {
                throw InstallationsError(
                    .invalidConfiguration, message: "The Installations REST API needs the app's projectID and apiKey.")
            }
            let settings = container.instance(for: InstallationsSettings.self) ?? InstallationsSettings()
            return RESTInstallationsBackend(
                origin: origin, projectID: projectID, apiKey: apiKey, bundleID: options.bundleID, now: settings.now)
        }
    }

    /// An override serving `settings` as the app's ``InstallationsSettings`` (persistence, clock).
    public static func settings(_ settings: InstallationsSettings) -> Component {
        Component.instance(settings, as: InstallationsSettings.self)
    }
}
