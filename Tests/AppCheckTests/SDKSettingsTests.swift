// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `FirebaseAppCheck/Tests/Unit/Core/FIRAppCheckSettingsTests.m`, ported: where
/// `isTokenAutoRefreshEnabled` comes from. Firebase's Info.plist key is ``AppCheckSettings`` here; the value
/// saved in `UserDefaults` by an earlier launch (`…WhenSetDuringPreviousLaunch`) and AppCheckCore's
/// `tokenAutoRefreshPolicy` have no Flint counterpart (the value set is kept for the run only).
@Suite("SDK port: FIRAppCheckSettingsTests", .timeLimit(.minutes(3)))
struct SDKSettingsTests {
    /// An app with App Check whose settings say `configured` (nil: nothing), refreshes recorded and not fired.
    static func app(configured: Bool?) throws -> (FlintApp, AppCheck) {
        let app = try TestApp.make(
            libraries: [AppCheckLibrary.self],
            overrides: [
                AppCheckLibrary.providerFactory(SpyProviderFactory(SpyAppCheckProvider(clock: TestClock()))),
                AppCheckLibrary.settings(
                    AppCheckSettings(isTokenAutoRefreshEnabled: configured, refreshScheduler: FakeRefreshScheduler())),
            ])
        return (app, try AppCheck.appCheck(app: app))
    }

    /// `testIsTokenAutoRefreshEnabledWhenDidNotExplicitlySet`: without a setting the flag is the app's data
    /// collection switch, as it is when read.
    @Test func withoutASettingTheFlagIsTheDataCollectionSwitch() throws {
        let (app, appCheck) = try Self.app(configured: nil)
        #expect(appCheck.isTokenAutoRefreshEnabled)
        app.isDataCollectionDefaultEnabled = false
        #expect(!appCheck.isTokenAutoRefreshEnabled)
        app.isDataCollectionDefaultEnabled = true
        #expect(appCheck.isTokenAutoRefreshEnabled)
    }

    /// `testIsTokenAutoRefreshEnabledWhenSetThisAppRun` and `testSetIsTokenAutoRefreshEnabled`: a value set wins
    /// over the setting and the data collection switch, either way.
    @Test(arguments: [true, false])
    func aValueSetWinsOverEverything(_ value: Bool) throws {
        let (app, appCheck) = try Self.app(configured: !value)
        app.isDataCollectionDefaultEnabled = !value
        appCheck.isTokenAutoRefreshEnabled = value
        #expect(appCheck.isTokenAutoRefreshEnabled == value)
        appCheck.isTokenAutoRefreshEnabled = !value
        #expect(appCheck.isTokenAutoRefreshEnabled == !value)
    }

    /// `testIsTokenAutoRefreshEnabledWhenSetInInfoPlist`: the setting (Info.plist) wins over the data collection
    /// switch.
    @Test(arguments: [true, false])
    func theSettingWinsOverTheDataCollectionSwitch(_ configured: Bool) throws {
        let (app, appCheck) = try Self.app(configured: configured)
        app.isDataCollectionDefaultEnabled = !configured
        #expect(appCheck.isTokenAutoRefreshEnabled == configured)
    }

    /// `testIsTokenAutoRefreshEnabledWhenAppDeallocated`: without a setting, once the app is gone the flag is off.
    @Test func withoutASettingTheFlagIsOffOnceTheAppIsGone() async throws {
        var (app, appCheck): (FlintApp?, AppCheck) = try Self.app(configured: nil)
        weak let weakApp = app
        #expect(appCheck.isTokenAutoRefreshEnabled)
        await app?.delete()
        app = nil
        try #require(weakApp == nil)
        #expect(!appCheck.isTokenAutoRefreshEnabled)
    }
}
