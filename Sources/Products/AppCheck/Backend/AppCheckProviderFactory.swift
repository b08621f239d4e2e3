// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Creates the ``AppCheckProvider`` of each app (Firebase's `AppCheckProviderFactory`).
///
/// Firebase sets the factory with a static `AppCheck.setAppCheckProviderFactory(_:)` before configuring.
/// Flint has no globals: the factory is a component. ``AppCheckLibrary`` registers an
/// ``AppCheckDebugProviderFactory``; replace it per app with an override:
///
/// ```swift
/// try registry.configure(options: options,
///                        overrides: [AppCheckLibrary.providerFactory(MyAttestationProviderFactory())])
/// ```
public protocol AppCheckProviderFactory: Sendable {
    /// The provider for `app`, or nil to run `app` without App Check (then ``AppCheck/appCheck(app:)`` throws
    /// `ComponentError.factoryReturnedNil` and other products send no App Check header).
    func createProvider(with app: FlintApp) -> (any AppCheckProvider)?
}
