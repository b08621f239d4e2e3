// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct FetchTests {
    @Test func settingsHaveFirebasesDefaults() throws {
        let config = try RemoteConfigRig().remoteConfig
        #expect(config.configSettings.minimumFetchInterval == 43_200)
        #expect(config.configSettings.fetchTimeout == 60)
        #expect(config.lastFetchStatus == .noFetchYet)
        #expect(config.lastFetchTime == nil)
    }

    @Test func fetchedValuesWaitForActivate() async throws {
        let rig = try RemoteConfigRig(
            backend: try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["color": "blue"])))
        try rig.remoteConfig.setDefaults(["color": "red"])
        #expect(try await rig.remoteConfig.fetch() == .success)
        #expect(rig.remoteConfig.lastFetchStatus == .success)
        #expect(rig.remoteConfig.lastFetchTime == rig.clock.now())
        #expect(rig.remoteConfig["color"].stringValue == "red")
        #expect(try await rig.remoteConfig.activate())
        #expect(rig.remoteConfig["color"].stringValue == "blue")
        #expect(rig.remoteConfig["color"].source == .remote)
        #expect(rig.remoteConfig.configValue(forKey: "color", source: .default).stringValue == "red")
        #expect(try await rig.remoteConfig.activate() == false)  // nothing new
    }

    @Test func activateWithoutAFetchReturnsFalse() async throws {
        #expect(try await RemoteConfigRig().remoteConfig.activate() == false)
    }

    @Test func fetchAndActivateReportsWhereTheDataCameFrom() async throws {
        let rig = try RemoteConfigRig(
            backend: try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"])))
        #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
        #expect(rig.remoteConfig["a"].stringValue == "1")
        #expect(try await rig.remoteConfig.fetchAndActivate() == .successUsingPreFetchedData)
        #expect(rig.backend.fetchRequests.count == 1)
        rig.clock.advance(by: 43_200)
        #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
        #expect(rig.backend.fetchRequests.count == 2)
    }

    @Test func fetchAndActivateReportsErrorThroughItsCompletionHandler() async throws {
        let rig = try RemoteConfigRig()
        rig.backend.failFetches(with: .unreachable("offline"))
        let outcome = Locked<(RemoteConfigFetchAndActivateStatus, RemoteConfigError?)?>(nil)
        rig.remoteConfig.fetchAndActivate { status, error in
            outcome.withLock { $0 = (status, error as? RemoteConfigError) }
        }
        try await waitUntil { outcome.withLock { $0 != nil } }
        let (status, error) = try #require(outcome.withLock { $0 })
        #expect(status == .error)
        #expect(error?.code == .internalError)
    }

    @Test func theMinimumFetchIntervalAndExpirationDuration() async throws {
        let rig = try RemoteConfigRig(
            backend: try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"])))
        rig.remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: 60)
        _ = try await rig.remoteConfig.fetch()
        rig.clock.advance(by: 59)
        _ = try await rig.remoteConfig.fetch()
        #expect(rig.backend.fetchRequests.count == 1)
        _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        #expect(rig.backend.fetchRequests.count == 2)
        rig.clock.advance(by: 60)
        _ = try await rig.remoteConfig.fetch()
        #expect(rig.backend.fetchRequests.count == 3)
        #expect(rig.backend.fetchRequests.last?.timeout == 60)
    }

    @Test func anUnchangedTemplateLeavesNothingToActivate() async throws {
        let rig = try RemoteConfigRig(
            backend: try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"])))
        _ = try await rig.remoteConfig.fetchAndActivate()
        _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        #expect(rig.backend.fetchRequests.last?.lastKnownVersion == 1)
        #expect(try await rig.remoteConfig.activate() == false)
    }

    @Test func noTemplateMeansAnEmptyConfig() async throws {
        let rig = try RemoteConfigRig()
        try rig.remoteConfig.setDefaults(["a": "default"])
        #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
        #expect(rig.remoteConfig["a"].source == .default)
        #expect(rig.remoteConfig.allKeys(from: .remote).isEmpty)
    }

    @Test func keysComeFromTheActiveConfig() async throws {
        let rig = try RemoteConfigRig(
            backend: try LocalRemoteConfigBackend(
                template: RemoteConfigTemplate(
                    values: ["feature_a": "1", "feature_b": "2", "other": "3"])))
        _ = try await rig.remoteConfig.fetchAndActivate()
        #expect(rig.remoteConfig.allKeys(from: .remote) == ["feature_a", "feature_b", "other"])
        #expect(rig.remoteConfig.allKeys(from: .static).isEmpty)
        #expect(rig.remoteConfig.keys(withPrefix: "feature_") == ["feature_a", "feature_b"])
        #expect(rig.remoteConfig.keys(withPrefix: nil).count == 3)
        #expect(rig.remoteConfig.keys(withPrefix: "").count == 3)
    }

    @Test func requestsCarryTheInstallationAndTheApp() async throws {
        let rig = try RemoteConfigRig(
            installations: FakeInstallations(installationID: "cXd1Y2tsZXMtZmlkLTAwMQ", authToken: "fis-token"))
        _ = try await rig.remoteConfig.fetch()
        let request = try #require(rig.backend.fetchRequests.first)
        #expect(request.installationID == "cXd1Y2tsZXMtZmlkLTAwMQ")
        #expect(request.installationAuthToken == "fis-token")
        #expect(request.appID == FlintOptions.testing.googleAppID)
        #expect(request.appVersion == "1.2.3")
        #expect(rig.installations.authTokenCalls == [false])
    }

    @Test func anUnavailableInstallationFailsTheFetch() async throws {
        let rig = try RemoteConfigRig()
        rig.installations.error = FakeError("no installation")
        let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch() }
        #expect(error?.code == .internalError)
        #expect(rig.remoteConfig.lastFetchStatus == .failure)
        #expect(rig.backend.fetchRequests.isEmpty)
    }

    @Test func serverErrorsThrottleWithDoublingBackoff() async throws {
        let rig = try RemoteConfigRig()
        rig.backend.failFetches(with: .unavailable("HTTP 503"))
        let first = await #expect(throws: RemoteConfigError.self) {
            try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        }
        #expect(first?.code == .internalError)
        #expect(rig.remoteConfig.lastFetchStatus == .failure)

        let throttled = await #expect(throws: RemoteConfigError.self) {
            try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        }
        #expect(throttled?.code == .throttled)
        #expect(throttled?.throttleEndTime == rig.clock.now().addingTimeInterval(120))
        #expect((throttled.map { $0 as NSError })?.code == 8002)
        #expect(rig.remoteConfig.lastFetchStatus == .throttled)
        #expect(rig.backend.fetchRequests.count == 1)

        rig.clock.advance(by: 120)
        await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch(withExpirationDuration: 0) }
        let doubled = await #expect(throws: RemoteConfigError.self) {
            try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        }
        #expect(doubled?.throttleEndTime == rig.clock.now().addingTimeInterval(240))

        rig.backend.failFetches(with: nil)
        rig.clock.advance(by: 240)
        #expect(try await rig.remoteConfig.fetch(withExpirationDuration: 0) == .success)
        rig.backend.failFetches(with: .unavailable("HTTP 503"))
        await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch(withExpirationDuration: 0) }
        let reset = await #expect(throws: RemoteConfigError.self) {
            try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        }
        #expect(reset?.throttleEndTime == rig.clock.now().addingTimeInterval(120))
    }

    @Test func theBackoffIsCappedAtFourHours() async throws {
        let rig = try RemoteConfigRig()
        rig.backend.failFetches(with: .unavailable("HTTP 429"))
        for _ in 0..<10 {
            await #expect(throws: RemoteConfigError.self) {
                try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            }
            rig.clock.advance(by: 14_400)
        }
        rig.clock.advance(by: -14_400)
        let throttled = await #expect(throws: RemoteConfigError.self) {
            try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        }
        #expect(throttled?.throttleEndTime == rig.clock.now().addingTimeInterval(14_400))
    }

    @Test func unreachableServersDoNotThrottle() async throws {
        let rig = try RemoteConfigRig()
        rig.backend.failFetches(with: .unreachable("offline"))
        for _ in 0..<2 {
            let error = await #expect(throws: RemoteConfigError.self) {
                try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            }
            #expect(error?.code == .internalError)
        }
        #expect(rig.backend.fetchRequests.count == 2)
    }

    @Test func errorsBridgeToFirebasesDomains() {
        let error =
            RemoteConfigError(.throttled, message: "wait", throttleEndTime: Date(timeIntervalSince1970: 100)) as NSError
        #expect(error.domain == "com.google.remoteconfig.ErrorDomain")
        #expect(error.code == 8002)
        #expect(error.userInfo["error_throttled_end_time_seconds"] as? Double == 100)
        let update = RemoteConfigUpdateError(.notFetched, message: "x") as NSError
        #expect(update.domain == "com.google.remoteconfig.update.ErrorDomain")
        #expect(update.code == 8002)
        #expect(RemoteConfigErrorCode.internalError.rawValue == 8003)
        #expect(RemoteConfigUpdateErrorCode.unavailable.rawValue == 8004)
    }

    @Test func theEntryPointNeedsItsLibraryAndInstallations() throws {
        let app = try TestApp.make()
        #expect(
            throws: ComponentError.libraryNotRegistered(
                type: ComponentError.typeName(of: RemoteConfig.self), library: "RemoteConfigLibrary")
        ) {
            try RemoteConfig.remoteConfig(app: app)
        }
        #expect(throws: ComponentError.self) { try TestApp.make(libraries: [RemoteConfigLibrary.self]) }
    }
}
