// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct SharedBackendTests {
    @Test func aPublicationReachesEveryAppOfTheProject() async throws {
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
        let one = try RemoteConfigRig(name: "device-1", backend: backend)
        let two = try RemoteConfigRig(
            name: "device-2", backend: backend,
            installations: FakeInstallations(installationID: "dGhlLXNlY29uZC1kZXZpY2"))
        _ = try await one.remoteConfig.fetchAndActivate()
        _ = try await two.remoteConfig.fetchAndActivate()
        let firstUpdates = one.remoteConfig.updates
        let secondUpdates = two.remoteConfig.updates
        try await waitUntil { backend.realtimeListenerCount == 2 }
        try backend.publish(RemoteConfigTemplate(values: ["a": "2"]))
        #expect(try await first(of: firstUpdates).updatedKeys == ["a"])
        #expect(try await first(of: secondUpdates).updatedKeys == ["a"])
        #expect(
            Set(backend.fetchRequests.map(\.installationID)) == ["ZmFrZS1maWQtMDAwMDAwMD", "dGhlLXNlY29uZC1kZXZpY2"])
    }
}
