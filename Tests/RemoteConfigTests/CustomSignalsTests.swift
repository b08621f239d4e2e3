// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// `setCustomSignals(_:)`, ported from Firebase's `FirebaseRemoteConfig/Tests/Unit/RCNRemoteConfigTest.m` custom
/// signal tests (`testSetCustomSignals`, `testSetCustomSignalsMultipleTimes`, `testSetCustomSignals_invalidInput_throwsException`
/// and the limit tests), plus the request on the wire; `configUpdates`; `for key in remoteConfig`.
@Suite("Custom signals, configUpdates, key iteration")
struct CustomSignalsTests {
    private func remoteConfig() throws -> RemoteConfig {
        try RemoteConfig.remoteConfig(
            app: TestApp.make(libraries: [RemoteConfigLibrary.self], overrides: FakeInstallations().components))
    }

    /// `testSetCustomSignals`: strings and numbers are kept as strings.
    @Test func signalsAreKeptAsStrings() async throws {
        let remoteConfig = try remoteConfig()
        try await remoteConfig.setCustomSignals(["plan": "pro", "level": 12, "score": 0.5, "id": .integer(7)])
        #expect(remoteConfig.customSignals == ["plan": "pro", "level": "12", "score": "0.5", "id": "7"])
    }

    /// `testSetCustomSignalsMultipleTimes`: later calls merge, a nil value removes the key.
    @Test func laterCallsMergeAndNilRemoves() async throws {
        let remoteConfig = try remoteConfig()
        try await remoteConfig.setCustomSignals(["a": "1", "b": "2"])
        try await remoteConfig.setCustomSignals(["b": "3", "a": nil, "c": .double(1.5)])
        #expect(remoteConfig.customSignals == ["b": "3", "c": "1.5"])
    }

    /// The limits: key 250 characters, string value 500, 100 signals; nothing changes on failure.
    @Test func theLimitsAreEnforced() async throws {
        let remoteConfig = try remoteConfig()
        try await remoteConfig.setCustomSignals([
            String(repeating: "k", count: 250): .string(String(repeating: "v", count: 500))
        ])
        for signals: [String: CustomSignalValue?] in [
            [String(repeating: "k", count: 251): "v"],
            ["k": .string(String(repeating: "v", count: 501))],
            Dictionary(uniqueKeysWithValues: (0..<100).map { ("s\($0)", CustomSignalValue.integer($0)) }),
        ] {
            await #expect {
                try await remoteConfig.setCustomSignals(signals)
            } throws: { ($0 as? RemoteConfigCustomSignalsError)?.code == .limitExceeded }
        }
        #expect(remoteConfig.customSignals.count == 1)
        let error = RemoteConfigCustomSignalsError(.limitExceeded, message: "m") as NSError
        #expect(error.domain == "com.google.remoteconfig.customsignals.ErrorDomain")
        #expect(error.code == 8003)
    }

    @Test func theFetchSendsTheSignals() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"state":"NO_TEMPLATE"}"#) }) { server in
            let app = try TestApp.make(
                libraries: [RemoteConfigLibrary.self],
                overrides: FakeInstallations().components + [
                    RemoteConfigLibrary.backend(
                        RESTRemoteConfigBackend(fetchOrigin: URL(string: server.origin)!, project: "123", apiKey: "key")
                    )
                ])
            let remoteConfig = try RemoteConfig.remoteConfig(app: app)
            try await remoteConfig.setCustomSignals(["plan": "pro", "level": 3])
            _ = try? await remoteConfig.fetch()
            let request = try #require(server.requests.first)
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["customSignals"] as? [String: String] == ["plan": "pro", "level": "3"])
        }
    }

    @Test func iteratingGivesTheActiveKeys() async throws {
        let remoteConfig = try remoteConfig()
        #expect(Array(remoteConfig).isEmpty)
        #expect(Array(remoteConfig) == remoteConfig.allKeys(from: .remote))
    }
}
