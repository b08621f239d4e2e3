// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

@Suite struct FakeAnalyticsTests {
    @Test func logEventRecordsEventsInOrder() {
        let analytics = FakeAnalytics()
        analytics.logEvent("login", parameters: [:])
        analytics.logEvent("purchase", parameters: ["item": "book", "value": "3"])
        #expect(
            analytics.loggedEvents == [
                LoggedAnalyticsEvent(name: "login"),
                LoggedAnalyticsEvent(name: "purchase", parameters: ["item": "book", "value": "3"]),
            ])
    }

    @Test func eventsNamedFiltersByName() {
        let analytics = FakeAnalytics()
        analytics.logEvent("a", parameters: ["n": "1"])
        analytics.logEvent("b", parameters: [:])
        analytics.logEvent("a", parameters: ["n": "2"])
        #expect(analytics.events(named: "a").map(\.parameters) == [["n": "1"], ["n": "2"]])
        #expect(analytics.events(named: "missing") == [])
    }

    @Test func setUserPropertyRecordsCallsAndTracksCurrentValues() {
        let analytics = FakeAnalytics()
        analytics.setUserProperty("gold", forName: "tier")
        analytics.setUserProperty("en", forName: "language")
        analytics.setUserProperty(nil, forName: "tier")
        #expect(
            analytics.userPropertyCalls == [
                LoggedUserProperty(name: "tier", value: "gold"),
                LoggedUserProperty(name: "language", value: "en"),
                LoggedUserProperty(name: "tier", value: nil),
            ])
        #expect(analytics.userProperties == ["language": "en"])
    }

    @Test func resetForgetsEverything() {
        let analytics = FakeAnalytics()
        analytics.logEvent("a", parameters: [:])
        analytics.setUserProperty("x", forName: "y")
        analytics.reset()
        #expect(analytics.loggedEvents == [])
        #expect(analytics.userPropertyCalls == [])
        #expect(analytics.userProperties == [:])
    }

    @Test func loggedEventDescriptionSortsParameters() {
        let event = LoggedAnalyticsEvent(name: "purchase", parameters: ["value": "3", "item": "book"])
        #expect(event.description == "purchase [item=book, value=3]")
    }

    @Test func concurrentLogsAreAllRecorded() async {
        let analytics = FakeAnalytics()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { analytics.logEvent("e\(index)", parameters: [:]) }
            }
        }
        #expect(Set(analytics.loggedEvents.map(\.name)) == Set((0..<200).map { "e\($0)" }))
    }

    @Test func componentsServeTheInstanceAsAnalyticsInterop() throws {
        let analytics = FakeAnalytics()
        let app = try TestApp.make(overrides: analytics.components)
        #expect(try app.container.require(AnalyticsInterop.self) === analytics)
    }
}
