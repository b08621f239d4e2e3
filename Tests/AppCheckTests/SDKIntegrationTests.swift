// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `FirebaseAppCheck/Tests/Unit/Core/FIRAppCheckIntegrationTests.m`, ported: the provider factory
/// and `AppCheckInterop` wired through an app's container.
@Suite("SDK port: FIRAppCheckIntegrationTests", .timeLimit(.minutes(3)))
struct SDKIntegrationTests {
    /// `testDefaultAppCheckProvider`: an app configured without a factory has `AppCheckInterop`, backed by the
    /// default factory's provider (Firebase's DeviceCheck, Flint's debug provider).
    @Test func anAppWithoutAFactoryUsesTheDefaultProvider() async throws {
        let app = try TestApp.make(name: "testDefaultAppCheckProvider", libraries: [AppCheckLibrary.self])
        let interop = try #require(app.container.instance(for: AppCheckInterop.self))
        #expect(try app.container.require(AppCheck.self).provider is AppCheckDebugProvider)
        #expect(await interop.getToken(forcingRefresh: false).error == nil)
    }

    /// `testSetAppCheckProviderFactoryWithDefaultApp`: the factory set before configuring is asked for the
    /// default app's provider, and `AppCheckInterop` serves that provider's token (automatic refresh off, as the
    /// SDK test disables its token refresher).
    @Test func theFactoryIsUsedForTheDefaultAppAndServesInterop() async throws {
        let provider = SpyAppCheckProvider(clock: TestClock())
        let factory = SpyProviderFactory(provider)
        let app = try TestApp.make(
            libraries: [AppCheckLibrary.self],
            overrides: [
                AppCheckLibrary.providerFactory(factory),
                AppCheckLibrary.settings(AppCheckSettings(isTokenAutoRefreshEnabled: false)),
            ])
        #expect(factory.requestedApps == [FlintApp.defaultName])
        let interop = try #require(app.container.instance(for: AppCheckInterop.self))
        let result = await interop.getToken(forcingRefresh: true)
        #expect(result.token == "token-1")
        #expect(result.error == nil)
        #expect(provider.tokenRequests == 1)
    }
}
