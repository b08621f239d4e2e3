// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// Registers Messaging with an app registry: `FlintApp.registerLibrary(MessagingLibrary.self)` (or
/// `registry.register(MessagingLibrary.self)`) before configuring.
///
/// Components, per app:
/// - ``Messaging`` (cacheable, **eager in the default app**), also serving `MessagingInterop`, with
///   optional dependencies on `InstallationsInterop` and ``MessagingSettings`` and a required one on
///   ``MessagingBackend``. As in Firebase, its factory returns nil for any other app: there
///   `MessagingInterop` resolves nil and ``Messaging/messaging(app:)`` throws.
/// - ``MessagingBackend`` (cacheable, lazy): a new ``LocalMessagingBackend``. Override it with one shared
///   between apps so that they can message each other, or with an ``HTTPMessagingBackend``.
public enum MessagingLibrary: FlintLibrary {
    /// `flint-fcm`, Flint's counterpart of Firebase's `fire-fcm`.
    public static let libraryName = "flint-fcm"
    /// The library version, part of the user agent.
    public static let libraryVersion = "0.1.0"

    /// The instance and the default backend.
    public static func componentsToRegister() -> [Component] {
        [
            Component(
                Messaging.self,
                alsoProviding: [.type(MessagingInterop.self) { $0 }],
                timing: .eagerInDefaultApp,
                dependencies: [
                    .optional(InstallationsInterop.self),
                    .required(MessagingBackend.self),
                    .optional(MessagingSettings.self),
                ]
            ) { container, isCacheable in
                guard let app = container.app, app.isDefaultApp else { return nil }
                isCacheable = true
                let messaging = Messaging(
                    app: app,
                    installations: container.instance(for: InstallationsInterop.self),
                    backend: try container.require(MessagingBackend.self),
                    settings: container.instance(for: MessagingSettings.self) ?? MessagingSettings())
                messaging.start()
                return messaging
            },
            Component(MessagingBackend.self) { container, isCacheable in
                isCacheable = true
                return LocalMessagingBackend(projectID: container.app?.options.projectID ?? "flint")
            },
        ]
    }

    /// An override serving `backend` as the app's ``MessagingBackend``: give several apps the same
    /// ``LocalMessagingBackend`` so that they can message each other.
    public static func backend(_ backend: any MessagingBackend) -> Component {
        Component.instance(backend, as: (any MessagingBackend).self)
    }

    /// An override serving `settings` as the app's ``MessagingSettings`` (auto-init at start).
    public static func settings(_ settings: MessagingSettings) -> Component {
        Component.instance(settings, as: MessagingSettings.self)
    }
}
