// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct ConcurrentFetchTests {
    @Test func concurrentFetchesShareOneRequest() async throws {
        let backend = GatedRemoteConfigBackend(
            try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"])))
        let app = try TestApp.make(
            libraries: [RemoteConfigLibrary.self],
            overrides: [RemoteConfigLibrary.backend(backend)] + FakeInstallations().components)
        let config = try RemoteConfig.remoteConfig(app: app)
        let fetches = (0..<4).map { _ in Task { try await config.fetch(withExpirationDuration: 0) } }
        try await waitUntil { backend.gate.waiterCount == 1 && config.joinedFetchCount == 3 }
        backend.gate.open()
        for fetch in fetches { #expect(try await value(of: fetch) == .success) }
        #expect(backend.startedCount == 1)
        #expect(try await config.activate())
        #expect(config["a"].stringValue == "1")
    }
}
