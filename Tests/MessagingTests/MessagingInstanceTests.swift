// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("Messaging instances and entry points")
struct MessagingInstanceTests {
    @Test func theInstanceIsCreatedEagerlyInTheDefaultApp() throws {
        let installations = FakeInstallations()
        _ = try makeMessagingApp(installations: installations)
        // Nobody asked for Messaging: its start() registered the installation ID listener at configure.
        #expect(installations.listenerCount == 1)
    }

    @Test func otherAppsHaveNoInstanceAndNoMessagingInterop() throws {
        let installations = FakeInstallations()
        let app = try makeMessagingApp(installations: installations, name: "secondary")
        #expect(installations.listenerCount == 0)
        #expect(app.container.instance(for: MessagingInterop.self) == nil)
        #expect {
            try Messaging.messaging(app: app)
        } throws: { error in
            guard case .invalidArgument(let product, let reason) = error as? ComponentError else { return false }
            return product == "FlintMessaging.Messaging" && reason.contains("default app only")
        }
    }

    @Test func oneInstanceServesMessagingAndMessagingInterop() throws {
        let app = try makeMessagingApp()
        let messaging = try Messaging.messaging(app: app)
        #expect(try Messaging.messaging(app: app) === messaging)
        let interop = try #require(app.container.instance(for: MessagingInterop.self))
        #expect(interop === messaging)
        #expect(messaging.appName == FlintApp.defaultName)
        #expect(messaging.localBackend != nil)
    }

    @Test func withoutTheLibraryTheEntryPointThrowsLibraryNotRegistered() throws {
        let app = try TestApp.make()
        #expect(
            throws: ComponentError.libraryNotRegistered(type: "FlintMessaging.Messaging", library: "MessagingLibrary")
        ) {
            try Messaging.messaging(app: app)
        }
    }

    @Test func aDeletedAppThrowsAppDeleted() async throws {
        let app = try makeMessagingApp()
        await app.delete()
        #expect(throws: ComponentError.appDeleted(name: app.name)) { try Messaging.messaging(app: app) }
    }

    @Test func deletingTheAppRemovesTheInstallationIDListener() async throws {
        let installations = FakeInstallations()
        let app = try makeMessagingApp(installations: installations)
        #expect(installations.listenerCount == 1)
        await app.delete()
        #expect(installations.listenerCount == 0)
    }

    @Test func theBackendCanBeSharedThroughAnOverride() throws {
        let backend = LocalMessagingBackend()
        let first = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        let second = try Messaging.messaging(app: makeMessagingApp(backend: backend))
        #expect(first.localBackend === backend)
        #expect(second.localBackend === backend)
    }

    @Test func autoInitFollowsDataCollectionUnlessTheSettingsSayOtherwise() throws {
        let app = try TestApp.make(libraries: [MessagingLibrary.self], overrides: FakeInstallations().components)
        #expect(try Messaging.messaging(app: app).isAutoInitEnabled == app.isDataCollectionDefaultEnabled)
        #expect(try Messaging.messaging(app: makeMessagingApp(autoInit: false)).isAutoInitEnabled == false)
    }
}
