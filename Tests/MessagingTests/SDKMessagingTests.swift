// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// Firebase's `FirebaseMessaging/Tests/UnitTests/FIRMessagingTest.m`, ported: the auto-init rules (the value
/// set, then the Info.plist key, which is `MessagingSettings(isAutoInitEnabled:)` here, then the app's data
/// collection switch) and the sender ID checks of the sender-token methods.
@Suite("SDK port: FIRMessagingTest", .timeLimit(.minutes(3)))
struct SDKMessagingTests {
    /// A default app whose Messaging has no auto-init setting (no Info.plist key), with a fake installation and
    /// an embedded backend.
    static func appWithoutAutoInitSetting() throws -> FlintApp {
        try TestApp.make(
            libraries: [MessagingLibrary.self],
            overrides: FakeInstallations().components + [
                MessagingLibrary.settings(MessagingSettings(isAutoInitEnabled: nil)),
                MessagingLibrary.backend(LocalMessagingBackend()),
            ])
    }

    /// `testAutoInitEnableFlag`: the setting (Info.plist) says off; setting the flag overrides it.
    @Test func theFlagStartsFromTheSettingAndSettingItOverrides() throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp(autoInit: false))
        #expect(!messaging.isAutoInitEnabled)
        messaging.isAutoInitEnabled = true
        #expect(messaging.isAutoInitEnabled)
    }

    /// `testAutoInitEnableFlagOverrideGlobalTrue` and `testAutoInitEnableFlagOverrideGlobalFalse`: with data
    /// collection on and no setting the flag is on; setting it off wins over the global switch.
    @Test func settingTheFlagOverridesTheGlobalSwitch() throws {
        let app = try Self.appWithoutAutoInitSetting()
        let messaging = try Messaging.messaging(app: app)
        #expect(app.isDataCollectionDefaultEnabled)
        #expect(messaging.isAutoInitEnabled)
        messaging.isAutoInitEnabled = false
        #expect(!messaging.isAutoInitEnabled)
        app.isDataCollectionDefaultEnabled = true
        #expect(!messaging.isAutoInitEnabled)
    }

    /// `testAutoInitEnableGlobalDefaultTrue` and `testAutoInitEnableGlobalDefaultFalse`: without a setting the
    /// flag is the app's data collection switch, read when the flag is (Firebase asks `FIRApp` every time).
    @Test func withoutASettingTheFlagFollowsTheGlobalSwitchAsItIsNow() throws {
        let app = try Self.appWithoutAutoInitSetting()
        let messaging = try Messaging.messaging(app: app)
        #expect(messaging.isAutoInitEnabled)
        app.isDataCollectionDefaultEnabled = false
        #expect(!messaging.isAutoInitEnabled)
        app.isDataCollectionDefaultEnabled = true
        #expect(messaging.isAutoInitEnabled)
    }

    /// `testAutoInitEnabledMatchesStaticMethod` and `testAutoInitDisabledMatchesStaticMethod`: a stored value
    /// wins over the setting and the global switch.
    @Test(arguments: [true, false])
    func aStoredValueWinsOverTheSettingAndTheGlobalSwitch(_ stored: Bool) throws {
        let app = try makeMessagingApp(autoInit: !stored)
        let messaging = try Messaging.messaging(app: app)
        messaging.isAutoInitEnabled = stored
        app.isDataCollectionDefaultEnabled = !stored
        #expect(messaging.isAutoInitEnabled == stored)
    }

    /// `testReturnsErrorWhenFetchingTokenWithoutSenderID` and `…WithEmptySenderID`: fetching a token for an
    /// empty sender ID is an error (Swift has no nil sender ID).
    @Test func fetchingATokenForAnEmptySenderIDFails() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let error = await #expect(throws: MessagingError.self) { try await messaging.retrieveFCMToken(forSenderID: "") }
        #expect(error?.code == .invalidRequest)
    }

    /// `testReturnsErrorWhenDeletingTokenWithoutSenderID` and `…WithEmptySenderID`: deleting the token of an
    /// empty sender ID is an error.
    @Test func deletingTheTokenOfAnEmptySenderIDFails() async throws {
        let messaging = try Messaging.messaging(app: makeMessagingApp())
        let error = await #expect(throws: MessagingError.self) { try await messaging.deleteFCMToken(forSenderID: "") }
        #expect(error?.code == .invalidRequest)
    }
}
