// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: registration, entry points and lifecycle")
struct AuthRegistrationTests {
    @Test func entryPointReturnsTheContainersInstanceEveryTime() throws {
        let app = try TestApp.make(libraries: [AuthLibrary.self])
        let auth = try Auth.auth(app: app)
        #expect(try Auth.auth(app: app) === auth)
        #expect(try app.container.require(Auth.self) === auth)
        #expect(auth.appName == app.name)
        #expect(auth.app === app)
    }

    @Test func allThreeInteropProtocolsResolveToTheOneAuth() throws {
        let app = try TestApp.make(libraries: [AuthLibrary.self])
        let auth = try Auth.auth(app: app)
        #expect(try app.container.require(AuthInterop.self) === auth)
        #expect(try app.container.require(AuthUserInterop.self) === auth)
        #expect(try app.container.require(AuthSignInInterop.self) === auth)
    }

    @Test func everyAppHasItsOwnAuth() throws {
        let registry = AppRegistry()
        try registry.register(AuthLibrary.self)
        let first = try registry.configure(name: "first", options: .testing)
        let second = try registry.configure(name: "second", options: .testing)
        #expect(try Auth.auth(app: first) !== Auth.auth(app: second))
        #expect(try Auth.auth(app: second).appName == "second")
    }

    @Test func authIsCreatedEagerlyAtConfigure() throws {
        let registry = AppRegistry()
        let profile = StartupProfile()
        registry.monitor = profile
        try registry.register(AuthLibrary.self)
        try registry.configure(name: "eager", options: .testing)
        let created = profile.creations.filter { $0.typeName.hasSuffix("AuthCombinedInterop") }
        #expect(created.count == 1)
        #expect(created.first?.timing == .alwaysEager)
        #expect(created.first?.isCached == true)
        #expect(created.first?.typeName.contains("unknown context") == false)
    }

    @Test func interopComponentsAreNotCachedThemselves() throws {
        let registry = AppRegistry()
        let profile = StartupProfile()
        registry.monitor = profile
        try registry.register(AuthLibrary.self)
        let app = try registry.configure(name: "uncached", options: .testing)
        _ = try app.container.require(AuthInterop.self)
        let interop = profile.creations.filter { $0.typeName == "FlintInterop.AuthInterop" }
        #expect(interop.map(\.isCached) == [false])
    }

    @Test func withoutTheLibraryTheNonTrappingLookupSaysNotRegistered() throws {
        let app = try TestApp.make()
        #expect(throws: ComponentError.notRegistered(type: "FlintAuth.Auth")) {
            try app.container.require(Auth.self)
        }
        #expect(app.container.instance(for: AuthInterop.self) == nil)
    }

    @Test func theDefaultBackendIsALocalBackendForTheAppsProject() throws {
        let app = try TestApp.make(libraries: [AuthLibrary.self])
        let backend = try #require(try app.container.require(AuthBackend.self) as? LocalAuthBackend)
        #expect(backend.projectID == "flint-test")
        #expect(try Auth.auth(app: app).backend === backend)
    }

    @Test func theDefaultAppsAuthComesFromTheSharedRegistry() async {
        // AppRegistry.shared is process-wide: run in a child process so parallel tests never see it.
        await #expect(processExitsWith: .success) {
            try FlintApp.registerLibrary(AuthLibrary.self)
            let app = try! FlintApp.configure(options: .testing)
            precondition(try! Auth.auth() === Auth.auth(app: app))
            precondition(try! Auth.auth() === app.container.instance(for: AuthInterop.self))
        }
    }

    @Test func withoutADefaultAppTheEntryPointThrows() async {
        await #expect(processExitsWith: .success) {
            try FlintApp.registerLibrary(AuthLibrary.self)
            do {
                _ = try Auth.auth()
                preconditionFailure("expected ComponentError.defaultAppNotConfigured")
            } catch {
                precondition(error as? ComponentError == .defaultAppNotConfigured)
            }
        }
    }

    @Test func theEntryPointThrowsLibraryNotRegisteredWhenTheLibraryIsMissing() throws {
        let app = try TestApp.make()
        let expected = ComponentError.libraryNotRegistered(type: "FlintAuth.Auth", library: "AuthLibrary")
        #expect(throws: expected) { try Auth.auth(app: app) }
        #expect(
            expected.description == "FlintAuth.Auth is not registered: register its library with "
                + "FlintApp.registerLibrary(AuthLibrary.self) (or registry.register(AuthLibrary.self)); it reaches apps "
                + "already configured too.")
    }

    @Test func theEntryPointThrowsAppDeletedForADeletedApp() async throws {
        let app = try TestApp.make(name: "gone", libraries: [AuthLibrary.self])
        await app.delete()
        #expect(throws: ComponentError.appDeleted(name: "gone")) { try Auth.auth(app: app) }
    }

    @Test func deletingTheAppRemovesListenersAndReleasesAuth() async throws {
        let fixture = try AuthFixture()
        weak let weakAuth: Auth? = fixture.auth
        let registration = fixture.auth.addStateDidChangeListener { _, _ in }
        #expect(fixture.auth.listenerCount == 1)
        #expect(await fixture.app.delete())
        #expect(fixture.auth.listenerCount == 0)
        _ = registration
        _ = consume fixture
        #expect(weakAuth == nil)
    }

    @Test func libraryNameAndVersionAreInTheUserAgent() throws {
        let registry = AppRegistry()
        try registry.register(AuthLibrary.self)
        #expect(registry.userAgent.contains("flint-auth/1.0.0"))
    }
}
