// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase iOS SDK's `FirebaseRemoteConfig/Tests/Unit/RCNRemoteConfigTest.m`. The SDK's fixture
/// answers fetches with `key1`…`key100` = `value1`…`value100`; so does the embedded backend here.
@Suite struct SDKRemoteConfigTests {
    /// A rig whose backend serves `key1`…`key100`.
    private func hundredKeyRig() throws -> RemoteConfigRig {
        let values = Dictionary(uniqueKeysWithValues: (1...100).map { ("key\($0)", "value\($0)") })
        return try RemoteConfigRig(backend: LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: values)))
    }

    /// `testFetchConfigsSuccessfully`, `testFetchConfigsSuccessfullyWithNewActivateMethodSignature`: a fetch
    /// succeeds, sets the fetch time, activates once (a second activation changes nothing).
    @Test func aFetchSucceedsAndActivatesOnce() async throws {
        let rig = try hundredKeyRig()
        #expect(rig.remoteConfig.lastFetchStatus == .noFetchYet)
        #expect(try await rig.remoteConfig.fetch(withExpirationDuration: 43_200) == .success)
        #expect(rig.remoteConfig.lastFetchStatus == .success)
        #expect(try await rig.remoteConfig.activate())
        #expect(rig.remoteConfig["key1"].stringValue == "value1")
        #expect(rig.remoteConfig["key2"].stringValue == "value2")
        #expect(rig.remoteConfig.lastFetchTime == rig.clock.now())
        #expect(try await rig.remoteConfig.activate() == false)
    }

    /// `testFetchAndActivate`: with a minimum fetch interval of 0, `fetchAndActivate` fetches from the backend.
    @Test func fetchAndActivateWithNoIntervalFetchesFromRemote() async throws {
        let rig = try hundredKeyRig()
        rig.remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: 0)
        #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
        #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
        #expect(rig.remoteConfig.lastFetchStatus == .success)
        #expect(rig.remoteConfig["key2"].stringValue == "value2")
        #expect(rig.remoteConfig.lastFetchTime == rig.clock.now())
        #expect(rig.backend.fetchRequests.count == 2)
    }

    /// `testEnumeratingConfigResults`: the active keys can be enumerated with their values.
    @Test func theActiveKeysCanBeEnumerated() async throws {
        let rig = try hundredKeyRig()
        _ = try await rig.remoteConfig.fetchAndActivate()
        let keys = rig.remoteConfig.allKeys(from: .remote)
        #expect(keys.contains("key5") && keys.contains("key19"))
        for key in keys { #expect(rig.remoteConfig[key].stringValue == "value" + key.dropFirst(3)) }
    }

    /// `testFetchConfigsFailed`: a server error before any successful fetch is a failure (not throttled), there is
    /// nothing to activate and a key has the empty static value.
    @Test func aServerErrorBeforeAnySuccessIsAFailure() async throws {
        try await withTestHTTPServer(remoteConfigServer { .json("{}", status: 500) }) { server in
            let rig = try restRig(server)
            let error = await #expect(throws: RemoteConfigError.self) {
                try await rig.remoteConfig.fetch(withExpirationDuration: 43_200)
            }
            #expect(error?.code == .internalError)
            #expect(rig.remoteConfig.lastFetchStatus == .failure)
            #expect(try await rig.remoteConfig.activate() == false)
            let value = rig.remoteConfig["key1"]
            #expect(value.source == .static)
            #expect(value.stringValue == "")
            #expect(value.boolValue == false)
        }
    }

    /// `testFetchConfigsFailedErrorNoNetwork`, `testFetchFailedNoNetworkErrorDoesNotThrottle`: no network is a
    /// failure that does not start a backoff.
    @Test func noNetworkIsAFailureWithoutBackoff() async throws {
        let rig = try hundredKeyRig()
        rig.backend.failFetches(with: .unreachable("offline"))
        await #expect(throws: RemoteConfigError.self) {
            try await rig.remoteConfig.fetch(withExpirationDuration: 43_200)
        }
        #expect(rig.remoteConfig.lastFetchStatus == .failure)
        #expect(try await rig.remoteConfig.activate() == false)
        #expect(rig.remoteConfig["key1"].source == .static)
        #expect(rig.remoteConfig.withState { $0.stored.backoffInterval } == 0)
    }

    /// The SDK's `lastFetchTime` is the "last successful fetch completion time" (`RemoteConfig.lastFetchTime`,
    /// checked by every successful-fetch test above): a failed fetch leaves it as it was.
    @Test func lastFetchTimeIsTheLastSuccessfulFetch() async throws {
        let rig = try hundredKeyRig()
        rig.backend.failFetches(with: .unreachable("offline"))
        _ = try? await rig.remoteConfig.fetch(withExpirationDuration: 0)
        #expect(rig.remoteConfig.lastFetchTime == nil)
        rig.backend.failFetches(with: nil)
        _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        let succeeded = rig.clock.now()
        rig.clock.advance(by: 60)
        rig.backend.failFetches(with: .unreachable("offline"))
        _ = try? await rig.remoteConfig.fetch(withExpirationDuration: 0)
        #expect(rig.remoteConfig.lastFetchStatus == .failure)
        #expect(rig.remoteConfig.lastFetchTime == succeeded)
    }

    /// `testActivateOnFetchNoChangeStatus`: a `NO_CHANGE` answer is a successful fetch with nothing to activate.
    @Test func noChangeIsASuccessWithNothingToActivate() async throws {
        let rig = try hundredKeyRig()
        _ = try await rig.remoteConfig.fetchAndActivate()
        #expect(try await rig.remoteConfig.fetch(withExpirationDuration: 0) == .success)
        #expect(rig.remoteConfig.lastFetchStatus == .success)
        #expect(try await rig.remoteConfig.activate() == false)
    }

    /// `testConfigValueForKey`, `testInvalidKeyOrNamespace`: values by key; a key nobody set is the static value.
    @Test func valuesByKeyAndTheStaticValue() async throws {
        let rig = try hundredKeyRig()
        _ = try await rig.remoteConfig.fetchAndActivate()
        #expect(rig.remoteConfig["key1"].stringValue == "value1")
        #expect(rig.remoteConfig.configValue(forKey: "key3").stringValue == "value3")
        #expect(rig.remoteConfig.configValue(forKey: "key7").stringValue == "value7")
        #expect(rig.remoteConfig.configValue(forKey: "").source == .static)
        #expect(rig.remoteConfig.configValue(forKey: "", source: .static).source == .static)
    }

    /// `testFetchConfigWithDefaultSets`, `testFetchConfigOverwriteDefaultSet`: defaults until activation, then the
    /// fetched value; keys only the defaults have keep them; `defaultValue(forKey:)` reads the defaults.
    @Test func activatedValuesOverrideDefaults() async throws {
        let rig = try hundredKeyRig()
        try rig.remoteConfig.setDefaults(["key1": "default key1", "key0": "value0-0"])
        #expect(rig.remoteConfig["key1"].stringValue == "default key1")
        #expect(rig.remoteConfig["key1"].source == .default)
        #expect(rig.remoteConfig["A key doesn't exist"].source == .static)
        _ = try await rig.remoteConfig.fetch(withExpirationDuration: 43_200)
        #expect(rig.remoteConfig["key1"].source == .default)
        #expect(try await rig.remoteConfig.activate())
        #expect(rig.remoteConfig["key1"].stringValue == "value1")
        #expect(rig.remoteConfig["key1"].source == .remote)
        #expect(rig.remoteConfig.defaultValue(forKey: "key1")?.stringValue == "default key1")
        #expect(rig.remoteConfig["key2"].stringValue == "value2")
        #expect(rig.remoteConfig["key0"].stringValue == "value0-0")
        #expect(rig.remoteConfig.defaultValue(forKey: "") == nil)
    }

    /// `testDefaultsSetsOnly`, `testSetDefaultsWithNilParams`: strings, data, numbers, dates (as
    /// `yyyy-MM-dd HH:mm:ss` in the current time zone) and booleans as defaults; nil clears them.
    @Test func defaultsOfEveryKind() throws {
        let rig = try RemoteConfigRig()
        let date = Date(timeIntervalSince1970: 1_456_684_411)
        try rig.remoteConfig.setDefaults([
            "key1": "default value1", "key2": Data("default value1".utf8), "key3": Float(3.1415926), "key4": date,
            "key5": false,
        ])
        #expect(rig.remoteConfig["key1"].stringValue == "default value1")
        #expect(rig.remoteConfig["key2"].dataValue == Data("default value1".utf8))
        #expect(rig.remoteConfig["key3"].numberValue.intValue == 3)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        #expect(rig.remoteConfig["key4"].stringValue == formatter.string(from: date))
        #expect(rig.remoteConfig["key5"].boolValue == false)
        try rig.remoteConfig.setDefaults(nil)
        try rig.remoteConfig.setDefaults(nil)
        #expect(rig.remoteConfig.allKeys(from: .default).isEmpty)
    }

    /// `testGetConfigValueBySource`: each source's value of one key; the static source's is empty, 0 and false.
    @Test func aValueFromEachSource() async throws {
        let rig = try hundredKeyRig()
        try rig.remoteConfig.setDefaults(["key1": "default value1"])
        _ = try await rig.remoteConfig.fetchAndActivate()
        #expect(rig.remoteConfig.configValue(forKey: "key1", source: .remote).stringValue == "value1")
        #expect(rig.remoteConfig.configValue(forKey: "key1", source: .default).stringValue == "default value1")
        let value = rig.remoteConfig.configValue(forKey: "key1", source: .static)
        #expect(value.stringValue == "")
        #expect(value.numberValue == 0)
        #expect(value.boolValue == false)
    }

    /// `testSetDefaultsFromPlist` with the SDK's `Defaults-testInfo.plist` (plus an array and a dictionary): a date
    /// reads in the current time zone; a file that cannot be read leaves the defaults as they were.
    @Test func defaultsFromThePlist() throws {
        let rig = try RemoteConfigRig()
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = directory.appendingPathComponent("Defaults-testInfo.plist")
        let checkTime = Date(timeIntervalSince1970: 1_456_684_411)  // 2016-02-28T18:33:31Z
        let contents: [String: Any] = [
            "lastCheckTime": checkTime, "isPaidUser": true, "dataValue": Data("2.4".utf8), "New item": 2.4,
            "Languages": "English", "FileInfo": "To setup default config.", "format": "key to value.",
            "arrayValue": ["foo", "bar", "baz"], "dictValue": ["foo": "foo", "bar": "bar", "baz": "baz"],
        ]
        try PropertyListSerialization.data(fromPropertyList: contents, format: .xml, options: 0).write(to: plist)
        try rig.remoteConfig.setDefaults(fromPlist: plist)

        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        #expect(rig.remoteConfig["lastCheckTime"].stringValue == formatter.string(from: checkTime))
        #expect(rig.remoteConfig["isPaidUser"].boolValue)
        #expect(rig.remoteConfig["dataValue"].stringValue == "2.4")
        #expect(rig.remoteConfig["New item"].numberValue == 2.4)
        #expect(rig.remoteConfig["Languages"].stringValue == "English")
        #expect(rig.remoteConfig["FileInfo"].stringValue == "To setup default config.")
        #expect(rig.remoteConfig["format"].stringValue == "key to value.")
        #expect(rig.remoteConfig["arrayValue"].jsonValue as? [String] == ["foo", "bar", "baz"])
        #expect(
            rig.remoteConfig["dictValue"].jsonValue as? [String: String] == ["foo": "foo", "bar": "bar", "baz": "baz"])

        for missing in ["", "non-existed_file"] {
            #expect(throws: RemoteConfigCodableError.self) {
                try rig.remoteConfig.setDefaults(fromPlist: directory.appendingPathComponent(missing))
            }
        }
        #expect(rig.remoteConfig["Languages"].stringValue == "English")
        #expect(rig.remoteConfig["New item"].numberValue == 2.4)
    }

    /// `testAllKeysFromSource`, `testAllKeysWithPrefix`: the keys of each source, and of the active config by prefix.
    @Test func allKeysAndKeysWithAPrefix() async throws {
        let rig = try hundredKeyRig()
        try rig.remoteConfig.setDefaults(["key1": "default key1", "key0": "value0-0"])
        _ = try await rig.remoteConfig.fetchAndActivate()
        #expect(rig.remoteConfig.allKeys(from: .remote).count == 100)
        #expect(rig.remoteConfig.allKeys(from: .default).count == 2)
        #expect(rig.remoteConfig.allKeys(from: .static).isEmpty)
        #expect(rig.remoteConfig.keys(withPrefix: "key1").count == 12)
        #expect(rig.remoteConfig.keys(withPrefix: "key").count == 100)
        #expect(rig.remoteConfig.keys(withPrefix: "invalid key").isEmpty)
        #expect(rig.remoteConfig.keys(withPrefix: nil).count == 100)
        #expect(rig.remoteConfig.keys(withPrefix: "").count == 100)
    }

    /// `testSetMinimumFetchIntervalConfigSetting`: the interval reads back and applies (and, as the SDK's settings
    /// keep it, a negative one is 0).
    @Test func theMinimumFetchIntervalReadsBackAndApplies() async throws {
        let rig = try hundredKeyRig()
        rig.remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: 123)
        #expect(rig.remoteConfig.configSettings.minimumFetchInterval == 123)
        _ = try await rig.remoteConfig.fetch(withExpirationDuration: 43_200)
        rig.clock.advance(by: 100)
        _ = try await rig.remoteConfig.fetch()
        #expect(rig.backend.fetchRequests.count == 1)
        rig.remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: 0)
        #expect(rig.remoteConfig.configSettings.minimumFetchInterval == 0)
        _ = try await rig.remoteConfig.fetch()
        #expect(rig.backend.fetchRequests.count == 2)
        rig.remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: -5)
        #expect(rig.remoteConfig.configSettings.minimumFetchInterval == 0)
    }

    /// `testSetFetchTimeoutConfigSetting`: the timeout reads back and applies to the request (and, as the SDK's
    /// settings keep it, one that is not positive is the 60-second default).
    @Test func theFetchTimeoutReadsBackAndApplies() async throws {
        let rig = try hundredKeyRig()
        rig.remoteConfig.configSettings = RemoteConfigSettings(fetchTimeout: 1)
        #expect(rig.remoteConfig.configSettings.fetchTimeout == 1)
        _ = try await rig.remoteConfig.fetch()
        #expect(rig.backend.fetchRequests.last?.timeout == 1)
        rig.remoteConfig.configSettings = RemoteConfigSettings(fetchTimeout: 0)
        #expect(rig.remoteConfig.configSettings.fetchTimeout == 60)
    }

    /// `testConfigureConfigWithValidInput`: the entry point returns one instance per app, named after it.
    @Test func theEntryPointReturnsOneInstancePerApp() throws {
        let rig = try RemoteConfigRig()
        #expect(try RemoteConfig.remoteConfig(app: rig.app) === rig.remoteConfig)
        #expect(rig.remoteConfig.appName == rig.app.name)
    }

    /// `testRealtimeStreamRequestBody`: the real-time request names the project, the namespace, the version known
    /// (`0` before any fetch), the app, the SDK version and the installation.
    @Test func theRealtimeRequestBody() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer(remoteConfigServer(fetchAnswer: { update("{}", version: 1) }, writer: writer)) {
            server in
            let rig = try restRig(server)
            let registration = rig.remoteConfig.addOnConfigUpdateListener(remoteConfigUpdateCompletion: { _, _ in })
            defer { registration.remove() }
            try await waitUntil { server.requests.contains { $0.path.hasSuffix(":streamFetchInvalidations") } }
            let stream = try #require(server.requests.first { $0.path.hasSuffix(":streamFetchInvalidations") })
            let body = try #require(try JSONSerialization.jsonObject(with: stream.body) as? [String: Any])
            #expect(body["project"] as? String == FlintOptions.testing.gcmSenderID)
            #expect(body["namespace"] as? String == "firebase")
            #expect(body["lastKnownVersionNumber"] as? String == "0")
            #expect(body["appId"] as? String == FlintOptions.testing.googleAppID)
            #expect((body["sdkVersion"] as? String)?.isEmpty == false)
            #expect(body["appInstanceId"] as? String == "cXd1Y2tsZXMtZmlkLTAwMQ")
            writer.finish()
        }
    }
}
