// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInstallations
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct ConditionTests {
    private func request(
        appID: String = "app", version: String? = "2.0", fid: String = "cAAAAAAAAAAAAAAAAAAAAA",
        properties: [String: String] = [:]
    ) -> RemoteConfigFetchRequest {
        RemoteConfigFetchRequest(
            appID: appID, appVersion: version, installationID: fid, installationAuthToken: "t",
            userProperties: properties, lastKnownVersion: nil, timeout: 60)
    }

    @Test func theFirstMatchingConditionWithAValueWins() {
        let template = RemoteConfigTemplate(
            parameters: [
                "p": RemoteConfigParameter(defaultValue: "default", conditionalValues: ["second": "2", "third": "3"]),
                "inApp": RemoteConfigParameter(defaultValue: nil),
            ],
            conditions: [
                RemoteConfigCondition(name: "first", expression: .true),
                RemoteConfigCondition(name: "second", expression: .true),
                RemoteConfigCondition(name: "third", expression: .true),
            ])
        #expect(template.evaluate(for: request()) == ["p": "2"])
    }

    @Test func appIDAndAppVersionConditions() {
        #expect(RemoteConfigConditionExpression.appID(["app"]).matches(request()))
        #expect(!RemoteConfigConditionExpression.appID(["other"]).matches(request()))
        #expect(RemoteConfigConditionExpression.appVersion(.greaterOrEqual, "1.10").matches(request(version: "2.0")))
        #expect(RemoteConfigConditionExpression.appVersion(.less, "1.10").matches(request(version: "1.9.5")))
        #expect(RemoteConfigConditionExpression.appVersion(.equal, "2").matches(request(version: "2.0.0")))
        #expect(!RemoteConfigConditionExpression.appVersion(.equal, "2").matches(request(version: nil)))
    }

    @Test func userPropertyConditionsCompareNumbersAndText() {
        let properties = ["level": "12", "tier": "gold"]
        #expect(
            RemoteConfigConditionExpression.userProperty("level", .greater, "9").matches(
                request(properties: properties)))
        #expect(
            RemoteConfigConditionExpression.userProperty("tier", .equal, "gold").matches(
                request(properties: properties)))
        #expect(
            !RemoteConfigConditionExpression.userProperty("missing", .notEqual, "x").matches(
                request(properties: properties)))
    }

    @Test func combinations() {
        #expect(RemoteConfigConditionExpression.all([.true, .appID(["app"])]).matches(request()))
        #expect(!RemoteConfigConditionExpression.all([.true, .false]).matches(request()))
        #expect(RemoteConfigConditionExpression.any([.false, .true]).matches(request()))
        #expect(RemoteConfigConditionExpression.not(.false).matches(request()))
    }

    @Test func percentConditionsSplitInstallationsStably() {
        let fids = (0..<1000).map { "c\(String(format: "%021d", $0))" }
        let inLowerHalf = fids.filter {
            RemoteConfigConditionExpression.percent(lowerBound: 0, upperBound: 50).matches(request(fid: $0))
        }
        #expect((350...650).contains(inLowerHalf.count))
        for fid in fids.prefix(50) {
            let lower = RemoteConfigConditionExpression.percent(lowerBound: 0, upperBound: 50).matches(
                request(fid: fid))
            let upper = RemoteConfigConditionExpression.percent(lowerBound: 50, upperBound: 100).matches(
                request(fid: fid))
            #expect(lower != upper)
        }
        let fid = fids[0]
        let percentile = RemoteConfigPercentile.microPercentile(seed: "s", installationID: fid)
        #expect(percentile == RemoteConfigPercentile.microPercentile(seed: "s", installationID: fid))
        let exact = Double(percentile) / 1_000_000
        #expect(
            RemoteConfigConditionExpression.percent(lowerBound: exact, upperBound: exact + 0.000001, seed: "s").matches(
                request(fid: fid)))
    }

    @Test func aPercentRangeGivenToTheMillionthIncludesItsLowerBoundExactly() {
        // A bound written as a percentile divided by a million must include that percentile, whatever the
        // floating-point rounding of the division (bounds are compared in millionths of a percent).
        let misses = (0..<2000).map { "d\(String(format: "%021d", $0))" }.filter { fid in
            let exact = Double(RemoteConfigPercentile.microPercentile(seed: "", installationID: fid)) / 1_000_000
            return !RemoteConfigConditionExpression.percent(lowerBound: exact, upperBound: exact + 0.000001).matches(
                request(fid: fid))
        }
        #expect(misses.isEmpty)
    }

    @Test func analyticsUserPropertiesReachTheBackend() async throws {
        let analytics = FakeAnalytics()
        analytics.setUserProperty("gold", forName: "tier")
        let template = RemoteConfigTemplate(
            parameters: ["discount": RemoteConfigParameter(defaultValue: "0", conditionalValues: ["gold": "20"])],
            conditions: [RemoteConfigCondition(name: "gold", expression: .userProperty("tier", .equal, "gold"))])
        let rig = try RemoteConfigRig(backend: try LocalRemoteConfigBackend(template: template), analytics: analytics)
        _ = try await rig.remoteConfig.fetchAndActivate()
        #expect(rig.remoteConfig["discount"].stringValue == "20")
        #expect(rig.backend.fetchRequests.first?.userProperties == ["tier": "gold"])
    }

    @Test func percentConditionsUseTheRealInstallationID() async throws {
        let app = try TestApp.make(libraries: [InstallationsLibrary.self, RemoteConfigLibrary.self])
        let fid = try await Installations.installations(app: app).installationID()
        let percent = Double(RemoteConfigPercentile.microPercentile(seed: "", installationID: fid)) / 1_000_000
        let backend = try #require(app.container.require(RemoteConfigBackend.self) as? LocalRemoteConfigBackend)
        try backend.publish(
            RemoteConfigTemplate(
                parameters: ["bucket": RemoteConfigParameter(defaultValue: "out", conditionalValues: ["mine": "in"])],
                conditions: [
                    RemoteConfigCondition(
                        name: "mine", expression: .percent(lowerBound: percent, upperBound: percent + 0.000001))
                ]))
        let config = try RemoteConfig.remoteConfig(app: app)
        _ = try await config.fetchAndActivate()
        #expect(config["bucket"].stringValue == "in")
        #expect(backend.fetchRequests.first?.installationID == fid)
    }
}
