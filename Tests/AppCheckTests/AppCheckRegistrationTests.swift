// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

@Suite("App Check: registration, entry points and lifecycle")
struct AppCheckRegistrationTests {
    @Test func entryPointReturnsTheContainersInstanceEveryTime() throws {
        let app = try TestApp.make(libraries: [AppCheckLibrary.self])
        let appCheck = try AppCheck.appCheck(app: app)
        #expect(try AppCheck.appCheck(app: app) === appCheck)
        #expect(try app.container.require(AppCheck.self) === appCheck)
        #expect(appCheck.appName == app.name)
    }

    @Test func appCheckIsTheAppsAppCheckInterop() throws {
        let app = try TestApp.make(libraries: [AppCheckLibrary.self])
        #expect(try app.container.require(AppCheckInterop.self) === AppCheck.appCheck(app: app))
    }

    @Test func everyAppHasItsOwnAppCheck() throws {
        let registry = AppRegistry()
        try registry.register(AppCheckLibrary.self)
        let first = try registry.configure(name: "first", options: .testing)
        let second = try registry.configure(name: "second", options: .testing)
        #expect(try AppCheck.appCheck(app: first) !== AppCheck.appCheck(app: second))
    }

    @Test func appCheckIsCreatedEagerlyAtConfigure() throws {
        let registry = AppRegistry()
        let profile = StartupProfile()
        registry.monitor = profile
        try registry.register(AppCheckLibrary.self)
        try registry.configure(name: "eager", options: .testing)
        let created = profile.creations.filter { $0.typeName == "FlintAppCheck.AppCheck" }
        #expect(created.count == 1)
        #expect(created.first?.timing == .alwaysEager)
        #expect(created.first?.isCached == true)
    }

    @Test func withoutTheLibraryTheEntryPointThrowsLibraryNotRegistered() throws {
        let app = try TestApp.make()
        #expect(throws: ComponentError.libraryNotRegistered(type: "FlintAppCheck.AppCheck", library: "AppCheckLibrary"))
        {
            try AppCheck.appCheck(app: app)
        }
        #expect(throws: ComponentError.notRegistered(type: "FlintAppCheck.AppCheck")) {
            try app.container.require(AppCheck.self)
        }
    }

    @Test func aFactoryWithoutAProviderMeansNoAppCheckForTheApp() throws {
        let factory = SpyProviderFactory(nil)
        let app = try TestApp.make(
            libraries: [AppCheckLibrary.self],
            overrides: [AppCheckLibrary.providerFactory(factory)])
        #expect(throws: ComponentError.factoryReturnedNil(type: "FlintAppCheck.AppCheck")) {
            try AppCheck.appCheck(app: app)
        }
        #expect(app.container.instance(for: AppCheckInterop.self) == nil)
        #expect(throws: ComponentError.factoryReturnedNil(type: "FlintAppCheck.AppCheck")) {
            try app.container.require(AppCheck.self)
        }
    }

    @Test func theFactoryIsAskedForTheApp() throws {
        let factory = SpyProviderFactory(SpyAppCheckProvider(clock: TestClock()))
        let registry = AppRegistry()
        try registry.register(AppCheckLibrary.self)
        try registry.configure(name: "asked", options: .testing, overrides: [AppCheckLibrary.providerFactory(factory)])
        #expect(factory.requestedApps == ["asked"])
    }

    @Test func theDefaultFactoryIsTheDebugProviderFactory() throws {
        let app = try TestApp.make(libraries: [AppCheckLibrary.self])
        #expect(try app.container.require(AppCheckProviderFactory.self) is AppCheckDebugProviderFactory)
        #expect(try AppCheck.appCheck(app: app).provider is AppCheckDebugProvider)
    }

    @Test func overridingTheInteropLeavesTheProductAlone() throws {
        let fake = FakeAppCheck()
        let app = try TestApp.make(libraries: [AppCheckLibrary.self], overrides: fake.components)
        #expect(try app.container.require(AppCheckInterop.self) === fake)
        #expect(try AppCheck.appCheck(app: app) !== fake)
    }

    @Test func theDefaultAppsAppCheckComesFromTheSharedRegistry() async {
        // AppRegistry.shared is process-wide: run in a child process so parallel tests never see it.
        await #expect(processExitsWith: .success) {
            do {
                _ = try AppCheck.appCheck()
                preconditionFailure("expected ComponentError.defaultAppNotConfigured")
            } catch {
                precondition(error as? ComponentError == .defaultAppNotConfigured)
            }
            try FlintApp.registerLibrary(AppCheckLibrary.self)
            let app = try FlintApp.configure(options: .testing)
            let same = try AppCheck.appCheck() === AppCheck.appCheck(app: app)
            precondition(same)
        }
    }

    @Test func theEntryPointThrowsAppDeletedForADeletedApp() async throws {
        let app = try TestApp.make(name: "gone", libraries: [AppCheckLibrary.self])
        await app.delete()
        #expect(throws: ComponentError.appDeleted(name: "gone")) { try AppCheck.appCheck(app: app) }
    }

    @Test func deletingTheAppRemovesListenersAndReleasesAppCheck() async throws {
        let fixture = try AppCheckFixture()
        weak let weakAppCheck: AppCheck? = fixture.appCheck
        let registration = fixture.appCheck.addTokenDidChangeListener { _ in }
        #expect(fixture.appCheck.listenerCount == 1)
        #expect(await fixture.app.delete())
        #expect(fixture.appCheck.listenerCount == 0)
        _ = registration
        _ = consume fixture
        #expect(weakAppCheck == nil)
    }

    @Test func libraryNameAndVersionAreInTheUserAgent() throws {
        let registry = AppRegistry()
        try registry.register(AppCheckLibrary.self)
        #expect(registry.userAgent.contains("flint-appcheck/1.0.0"))
    }

    @Test func errorCodesHaveFirebasesRawValues() {
        #expect(AppCheckErrorCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(
            AppCheckErrorCode.allCases == [
                .unknown, .serverUnreachable, .invalidConfiguration, .keychain, .unsupported,
            ])
        #expect(AppCheckErrorCode.invalidConfiguration.description == "invalidConfiguration (2)")
        #expect((AppCheckErrorCode.unsupported as NSError).code == 4)
    }
}
