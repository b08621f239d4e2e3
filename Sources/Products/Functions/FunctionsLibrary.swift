// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// Registers Functions with an app registry: `FlintApp.registerLibrary(FunctionsLibrary.self)` (or
/// `registry.register(FunctionsLibrary.self)`) before configuring.
///
/// Components, per app:
/// - an internal provider (cacheable, lazy) that keeps the ``Functions`` instances per region and custom
///   domain, with optional dependencies on `AuthInterop`, `AppCheckInterop` and `MessagingInterop`
///   and a required one on ``FunctionsTransport``;
/// - ``FunctionsTransport`` (cacheable, lazy): a new ``LocalFunctionsBackend``. Override it to share one
///   backend between apps or to call over HTTP (``HTTPFunctionsTransport``).
public enum FunctionsLibrary: FlintLibrary {
    /// `flint-fun`, Flint's counterpart of Firebase's `fire-fun`.
    public static let libraryName = "flint-fun"
    /// The library version, part of the user agent.
    public static let libraryVersion = "1.0.0"

    /// The provider and the default transport.
    public static func componentsToRegister() -> [Component] {
        [
            Component(
                FunctionsProvider.self,
                dependencies: [
                    .required(FunctionsTransport.self),
                    .optional(AuthInterop.self),
                    .optional(AppCheckInterop.self),
                    .optional(MessagingInterop.self),
                ]
            ) { container, isCacheable in
                isCacheable = true
                let contextProvider = FunctionsContextProvider(
                    auth: container.instance(for: AuthInterop.self),
                    messaging: container.instance(for: MessagingInterop.self),
                    appCheck: container.instance(for: AppCheckInterop.self))
                return FunctionsInstances(
                    appName: container.appName,
                    projectID: container.app?.options.projectID,
                    contextProvider: contextProvider,
                    transport: try container.require(FunctionsTransport.self), app: container.app)
            },
            Component(FunctionsTransport.self) { _, isCacheable in
                isCacheable = true
                return LocalFunctionsBackend()
            },
        ]
    }
}
