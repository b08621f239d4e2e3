// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import Foundation

/// Registers Remote Config with an app registry: `FlintApp.registerLibrary(RemoteConfigLibrary.self)` (with
/// `InstallationsLibrary`, or a fake `InstallationsInterop`) before configuring.
///
/// Components, per app:
/// - ``RemoteConfig`` (cacheable, lazy): required ``RemoteConfigBackend`` and `InstallationsInterop`, optional
///   `AnalyticsInterop` (user properties for conditions) and ``RemoteConfigEnvironment``;
/// - ``RemoteConfigBackend`` (cacheable, lazy): a new ``LocalRemoteConfigBackend``.
public enum RemoteConfigLibrary: FlintLibrary {
    /// `flint-rc`, Flint's counterpart of Firebase's `fire-rc`.
    public static let libraryName = "flint-rc"
    /// The library version.
    public static let libraryVersion = "0.1.0"

    /// The instance and the default backend.
    public static func componentsToRegister() -> [Component] {
        [
            Component(
                RemoteConfig.self,
                dependencies: [
                    .required(RemoteConfigBackend.self), .required(InstallationsInterop.self),
                    .optional(AnalyticsInterop.self), .optional(RemoteConfigEnvironment.self),
                ]
            ) { container, isCacheable in
                isCacheable = true
                guard let app = container.app else { throw ComponentError.appDeleted(name: container.appName) }
                return RemoteConfig(
                    appName: container.appName, options: app.options,
                    backend: try container.require(RemoteConfigBackend.self),
                    installations: try container.require(InstallationsInterop.self),
                    analytics: container.instance(for: AnalyticsInterop.self),
                    environment: container.instance(for: RemoteConfigEnvironment.self) ?? RemoteConfigEnvironment(),
                    app: app)
            },
            Component(RemoteConfigBackend.self) { _, isCacheable in
                isCacheable = true
                return LocalRemoteConfigBackend()
            },
        ]
    }

    /// An override serving `backend` as the app's ``RemoteConfigBackend`` (share one between apps to model one
    /// project, or keep a reference to publish templates).
    public static func backend(_ backend: any RemoteConfigBackend) -> Component {
        Component.instance(backend, as: (any RemoteConfigBackend).self)
    }

    /// An override serving a ``RESTRemoteConfigBackend`` (production origins by default) for the app's project number
    /// (`gcmSenderID`) and API key; resolving it fails for options without an `apiKey`.
    public static func restBackend(
        fetchOrigin: URL = RESTRemoteConfigBackend.productionFetchOrigin,
        realtimeOrigin: URL = RESTRemoteConfigBackend.productionRealtimeOrigin
    ) -> Component {
        Component(RemoteConfigBackend.self) { container, isCacheable in
            isCacheable = true
            guard let options = container.app?.options, let apiKey = options.apiKey else {
                throw RemoteConfigError(.internalError, message: "The Remote Config REST API needs the app's apiKey.")
            }
            return RESTRemoteConfigBackend(
                fetchOrigin: fetchOrigin, realtimeOrigin: realtimeOrigin,
                project: options.gcmSenderID, apiKey: apiKey, bundleID: options.bundleID)
        }
    }

    /// An override serving `environment` as the app's ``RemoteConfigEnvironment`` (persistence, app version, clock).
    public static func environment(_ environment: RemoteConfigEnvironment) -> Component {
        Component.instance(environment, as: RemoteConfigEnvironment.self)
    }
}
