// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

/// `AnalyticsInterop.userProperties`: empty for conformers that do not keep them, the set properties for
/// those that do (FakeAnalytics), read through the protocol.
@Suite struct AnalyticsUserPropertiesTests {
    @Test func aConformerWithoutUserPropertiesReportsNone() {
        let analytics: any AnalyticsInterop = TinyAnalytics()
        analytics.setUserProperty("gold", forName: "tier")
        #expect(analytics.userProperties.isEmpty)
    }

    @Test func fakeAnalyticsServesItsUserPropertiesThroughTheProtocol() throws {
        let fake = FakeAnalytics()
        let app = try TestApp.make(overrides: fake.components)
        let analytics = try app.container.require(AnalyticsInterop.self)
        analytics.setUserProperty("gold", forName: "tier")
        analytics.setUserProperty("x", forName: "gone")
        analytics.setUserProperty(nil, forName: "gone")
        #expect(analytics.userProperties == ["tier": "gold"])
    }
}
