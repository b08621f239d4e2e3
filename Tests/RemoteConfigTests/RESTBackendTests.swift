// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct RESTBackendTests {
    @Test func theFetchRequestCarriesTheInstallationAndTheApp() async throws {
        try await withTestHTTPServer(remoteConfigServer { update(#"{"a":"1"}"#, version: 1) }) { server in
            let analytics = FakeAnalytics()
            analytics.setUserProperty("gold", forName: "tier")
            let rig = try restRig(server, analytics: analytics)
            #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
            #expect(rig.remoteConfig["a"].stringValue == "1")
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/projects/1234567890/namespaces/firebase:fetch")
            #expect(request.headers["x-goog-api-key"] == "flint-test-api-key")
            #expect(request.headers["x-ios-bundle-identifier"] == FlintOptions.testing.bundleID)
            #expect(request.headers["x-goog-firebase-installations-auth"] == "fis-token")
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["appInstanceId"] as? String == "cXd1Y2tsZXMtZmlkLTAwMQ")
            #expect(body["appInstanceIdToken"] as? String == "fis-token")
            #expect(body["appId"] as? String == FlintOptions.testing.googleAppID)
            #expect(body["appVersion"] as? String == "1.2.3")
            #expect(body["analyticsUserProperties"] as? [String: String] == ["tier": "gold"])
        }
    }

    @Test func noChangeLeavesNothingToActivate() async throws {
        let answers = Locked([
            update(#"{"a":"1"}"#, version: 1), .json(#"{"state":"NO_CHANGE","templateVersion":"1"}"#),
        ])
        try await withTestHTTPServer(
            remoteConfigServer { answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
        ) { server in
            let rig = try restRig(server)
            _ = try await rig.remoteConfig.fetchAndActivate()
            _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            #expect(try await rig.remoteConfig.activate() == false)
            #expect(rig.remoteConfig["a"].stringValue == "1")
        }
    }

    @Test func theETagOfAConfigIsSentBackAsIfNoneMatch() async throws {
        let answers = Locked([
            TestHTTPResponse(
                status: 200, headers: ["Content-Type": "application/json", "ETag": "etag-1"],
                body: #"{"entries":{"a":"1"},"state":"UPDATE","templateVersion":"1"}"#),
            TestHTTPResponse(status: 304, headers: [:], body: ""),
        ])
        try await withTestHTTPServer(
            remoteConfigServer { answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
        ) { server in
            let rig = try restRig(server)
            _ = try await rig.remoteConfig.fetchAndActivate()
            #expect(server.requests.first?.headers["if-none-match"] == nil)
            _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            #expect(server.requests.last?.headers["if-none-match"] == "etag-1")
            #expect(try await rig.remoteConfig.activate() == false)  // 304: no change
            #expect(rig.remoteConfig.lastFetchStatus == .success)
        }
    }

    @Test func noTemplateIsAnEmptyConfig() async throws {
        try await withTestHTTPServer(remoteConfigServer { .json(#"{"state":"NO_TEMPLATE"}"#) }) { server in
            let rig = try restRig(server)
            #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
            #expect(rig.remoteConfig.allKeys(from: .remote).isEmpty)
        }
    }

    /// Firebase's `EMPTY_CONFIG` (RCNConfigConstants: a template that evaluates to no entries for this client,
    /// handled by RCNConfigContent's `handleEmptyConfigStateForConfigNamespace`): an empty config to activate, not
    /// a failed fetch.
    @Test func emptyConfigIsAnEmptyConfigAtTheTemplateVersion() async throws {
        let answers = Locked([
            update(#"{"a":"1"}"#, version: 1), .json(#"{"state":"EMPTY_CONFIG","templateVersion":"2"}"#),
        ])
        try await withTestHTTPServer(
            remoteConfigServer { answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
        ) { server in
            let rig = try restRig(server)
            _ = try await rig.remoteConfig.fetchAndActivate()
            #expect(rig.remoteConfig["a"].stringValue == "1")
            _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            #expect(rig.remoteConfig.lastFetchStatus == .success)
            #expect(try await rig.remoteConfig.activate())
            #expect(rig.remoteConfig.allKeys(from: .remote).isEmpty)
        }
    }

    @Test func serverErrorsThrottle() async throws {
        try await withTestHTTPServer(remoteConfigServer { .json("{}", status: 503) }) { server in
            let rig = try restRig(server)
            let first = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch() }
            #expect(first?.code == .internalError)
            let second = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch() }
            #expect(second?.code == .throttled)
            #expect(server.requests.count == 1)
        }
    }

    @Test func refusalsAndBadAnswersAreInternalErrors() async throws {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let answers: [TestHTTPResponse] = [
            .json("{}", status: 400), .json("not json"), .json(deep), .json(#"{"state":"SOMETHING"}"#),
            .json(#"{"state":"UPDATE","entries":{"a":1}}"#),
        ]
        for answer in answers {
            try await withTestHTTPServer(remoteConfigServer { answer }) { server in
                let rig = try restRig(server)
                let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch() }
                #expect(error?.code == .internalError)
                #expect(rig.remoteConfig.lastFetchStatus == .failure)
                _ = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch() }
                #expect(server.requests.count == 2)  // no backoff for these
            }
        }
    }

    @Test func anUnreachableServerIsAnInternalError() async throws {
        let rig = try RemoteConfigRig()
        try rig.remoteConfig.useEmulator(withHost: "127.0.0.1", port: 1)
        let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch() }
        #expect(error?.code == .internalError)
    }

    @Test func useEmulatorRefusesHostsThatAreNotHosts() throws {
        let rig = try RemoteConfigRig()
        for host in ["evil.com/x", "user@host", "", "h?q"] {
            #expect(throws: RemoteConfigError.self) { try rig.remoteConfig.useEmulator(withHost: host, port: 80) }
        }
        #expect(throws: RemoteConfigError.self) {
            try rig.remoteConfig.useEmulator(withHost: "localhost", port: 70_000)
        }
    }

    @Test func pathSegmentsAreEncoded() throws {
        let backend = RESTRemoteConfigBackend(
            fetchOrigin: URL(string: "http://127.0.0.1:9")!, project: "../x?y", namespace: "a/b", apiKey: "k")
        let url = try #require(backend.url(origin: backend.fetchOrigin, method: "fetch"))
        #expect(url.absoluteString == "http://127.0.0.1:9/v1/projects/..%2Fx%3Fy/namespaces/a%2Fb:fetch")
    }

    @Test func anAnnouncedVersionIsFetchedAndArrivesAsAnUpdate() async throws {
        let writer = TestHTTPStreamWriter()
        let answers = Locked([update(#"{"a":"1"}"#, version: 1), update(#"{"a":"2","b":"1"}"#, version: 2)])
        try await withTestHTTPServer(
            remoteConfigServer(
                fetchAnswer: { answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } },
                writer: writer)
        ) { server in
            let rig = try restRig(server)
            _ = try await rig.remoteConfig.fetchAndActivate()
            let updates = rig.remoteConfig.updates
            try await waitUntil { server.requests.contains { $0.path.hasSuffix(":streamFetchInvalidations") } }
            writer.write(#"[{"latestTemplateVersionNumber": "1"},"#)  // not newer: nothing
            writer.write(#"{"latestTemplate"#)  // a message split across chunks
            writer.write(#"VersionNumber": "2"}"#)
            let update = try await first(of: updates)
            #expect(update.updatedKeys == ["a", "b"])
            #expect(try await rig.remoteConfig.activate())
            #expect(rig.remoteConfig["b"].stringValue == "1")

            let stream = try #require(server.requests.first { $0.path.hasSuffix(":streamFetchInvalidations") })
            #expect(stream.path == "/v1/projects/1234567890/namespaces/firebase:streamFetchInvalidations")
            #expect(stream.headers["x-goog-firebase-installations-auth"] == "fis-token")
            let body = try #require(try JSONSerialization.jsonObject(with: stream.body) as? [String: Any])
            #expect(body["lastKnownVersionNumber"] as? String == "1")
            #expect(body["appInstanceId"] as? String == "cXd1Y2tsZXMtZmlkLTAwMQ")
            writer.finish()
        }
    }

    @Test func aDisabledFeatureEndsTheStreamWithUnavailable() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer(remoteConfigServer(fetchAnswer: { update("{}", version: 1) }, writer: writer)) {
            server in
            let rig = try restRig(server)
            let updates = rig.remoteConfig.updates
            writer.write(#"[{"featureDisabled": true}"#)
            let error = await #expect(throws: RemoteConfigUpdateError.self) { _ = try await first(of: updates) }
            #expect(error?.code == .unavailable)
            #expect(rig.sleeps.recorded.isEmpty)  // not retried
        }
    }

    @Test func aDroppedStreamIsReopenedAfterABackoff() async throws {
        let writer = TestHTTPStreamWriter()
        let streams = Locked(0)
        let answers = Locked([update(#"{"a":"1"}"#, version: 1), update(#"{"a":"2"}"#, version: 2)])
        let handler: TestHTTPServer.Handler = { request in
            if request.pathWithoutQuery.hasSuffix(":fetch") {
                return answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
            }
            let count = streams.withLock {
                $0 += 1
                return $0
            }
            return count == 1 ? .closeWithoutResponse : .stream(writer, headers: ["Content-Type": "application/json"])
        }
        try await withTestHTTPServer(handler) { server in
            let rig = try restRig(server)
            _ = try await rig.remoteConfig.fetchAndActivate()
            let updates = rig.remoteConfig.updates
            try await waitUntil { streams.withLock { $0 } == 2 }
            writer.write(#"[{"latestTemplateVersionNumber": "2"}"#)
            #expect(try await first(of: updates).updatedKeys == ["a"])
            #expect(rig.sleeps.recorded == [.seconds(1)])
            writer.finish()
        }
    }

    @Test func aStreamThatKeepsFailingEndsWithStreamErrorAfterItsRetries() async throws {
        let streams = Locked(0)
        let handler: TestHTTPServer.Handler = { request in
            if request.pathWithoutQuery.hasSuffix(":fetch") { return update("{}", version: 1) }
            streams.withLock { $0 += 1 }
            return .closeWithoutResponse
        }
        try await withTestHTTPServer(handler) { server in
            let rig = try restRig(server)
            let updates = rig.remoteConfig.updates
            let error = await #expect(throws: RemoteConfigUpdateError.self) { _ = try await first(of: updates) }
            #expect(error?.code == .streamError)
            #expect(streams.withLock { $0 } == RemoteConfig.maximumRealtimeRetries + 1)
            #expect(rig.sleeps.recorded == [1, 2, 4, 8, 16, 32, 60].map { Duration.seconds($0) })
        }
    }

    @Test func anInvalidMessageEndsTheStreamWithMessageInvalid() async throws {
        let writer = TestHTTPStreamWriter()
        try await withTestHTTPServer(remoteConfigServer(fetchAnswer: { update("{}", version: 1) }, writer: writer)) {
            server in
            let rig = try restRig(server)
            let updates = rig.remoteConfig.updates
            writer.write(String(repeating: "{", count: 70_000))
            let error = await #expect(throws: RemoteConfigUpdateError.self) { _ = try await first(of: updates) }
            #expect(error?.code == .messageInvalid)
            #expect(rig.sleeps.recorded.isEmpty)
        }
    }

    @Test func messagesAreSplitFromAStreamedArray() {
        var buffer = Data(#"[{"a":"}"},{"b":{"c":1}}, {"#.utf8)
        #expect(RealtimeConnection.takeMessage(from: &buffer) == Data(#"{"a":"}"}"#.utf8))
        #expect(RealtimeConnection.takeMessage(from: &buffer) == Data(#"{"b":{"c":1}}"#.utf8))
        #expect(RealtimeConnection.takeMessage(from: &buffer) == nil)
        #expect(buffer == Data("{".utf8))
    }
}
