// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase iOS SDK's `FirebaseRemoteConfig/Tests/Unit/RCNConfigContentTest.m`: the keys a config
/// update reports (``RemoteConfigStoredState/changedKeys``, what real-time listeners get) and how a fetch replaces
/// the fetched config.
@Suite struct SDKConfigContentTests {
    private func keys(fetched: [String: String], active: [String: String]) -> Set<String> {
        var stored = RemoteConfigStoredState()
        stored.fetched = fetched
        stored.active = active
        return stored.changedKeys
    }

    /// `testConfigUpdate_noChange_emptyResponse`.
    @Test func anUnchangedConfigHasNoUpdatedKeys() {
        #expect(keys(fetched: ["key1": "value1"], active: ["key1": "value1"]).isEmpty)
    }

    /// `testConfigUpdate_paramAdded_returnsNewKey`.
    @Test func anAddedKeyIsUpdated() {
        #expect(keys(fetched: ["key1": "value1", "key2": "value2"], active: ["key1": "value1"]) == ["key2"])
    }

    /// `testConfigUpdate_paramValueChanged_returnsUpdatedKey`.
    @Test func aChangedValueIsUpdated() {
        #expect(keys(fetched: ["key1": "value2"], active: ["key1": "value1"]) == ["key1"])
    }

    /// `testConfigUpdate_paramDeleted_returnsDeletedKey`: the deleted key and the added one.
    @Test func aDeletedKeyIsUpdated() {
        #expect(keys(fetched: ["key2": "value1"], active: ["key1": "value1"]) == ["key1", "key2"])
    }

    /// `testConfigUpdate_valueSourceChanged_returnsKey`: a fetched value equal to the default still changes the
    /// key's source (default → remote).
    @Test func aValueMovingFromTheDefaultsToTheFetchedConfigIsUpdated() async throws {
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["key1": "value1"]))
        let rig = try RemoteConfigRig(backend: backend)
        try rig.remoteConfig.setDefaults(["key1": "value1"])
        #expect(try await first(of: rig.remoteConfig.updates).updatedKeys == ["key1"])
    }

    /// `testUpdateConfigContentWithResponse`, `testUpdateConfigContentWithStatusUpdateWithDifferentKeys`: a fetch
    /// replaces the whole fetched config.
    @Test func aFetchReplacesTheFetchedConfig() async throws {
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["key1": "value1"]))
        let rig = try RemoteConfigRig(backend: backend)
        _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        try backend.publish(RemoteConfigTemplate(values: ["key2": "value2", "key3": "value3"]))
        _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
        #expect(try await rig.remoteConfig.activate())
        #expect(rig.remoteConfig.allKeys(from: .remote) == ["key2", "key3"])
        #expect(rig.remoteConfig["key2"].stringValue == "value2")
    }
}
