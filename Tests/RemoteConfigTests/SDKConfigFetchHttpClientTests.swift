// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase Android SDK's
/// `firebase-config/src/test/java/com/google/firebase/remoteconfig/internal/ConfigFetchHttpClientTest.java` (the
/// REST fetch; the iOS SDK's tests have no HTTP-level equivalent).
@Suite struct SDKConfigFetchHttpClientTests {
    /// A rig talking to `server` whose device is in Taiwan, in traditional Chinese, on Taipei time.
    private func deviceRig(_ server: TestHTTPServer, analytics: FakeAnalytics? = nil) throws -> RemoteConfigRig {
        let rig = try RemoteConfigRig(
            installations: FakeInstallations(installationID: "cXd1Y2tsZXMtZmlkLTAwMQ", authToken: "fis-token"),
            analytics: analytics,
            locale: Locale(identifier: "zh-Hant-TW"), timeZone: TimeZone(identifier: "Asia/Taipei")!)
        try rig.remoteConfig.useEmulator(withHost: server.host, port: server.port)
        return rig
    }

    /// `fetch_setsAllElementsOfRequestBody_sendsRequestBodyToServer`, `fetch_requestEncodesLanguageSubtags`: the
    /// installation, the app, the device's language (a BCP 47 tag with its subtags), region, platform version and
    /// time zone, the app's version and package, the SDK version and the Analytics user properties.
    @Test func theRequestBodyDescribesTheInstallationTheAppAndTheDevice() async throws {
        try await withTestHTTPServer(remoteConfigServer { .json(#"{"state":"NO_CHANGE"}"#) }) { server in
            let analytics = FakeAnalytics()
            analytics.setUserProperty("hello", forName: "up1")
            analytics.setUserProperty("world", forName: "up2")
            let rig = try deviceRig(server, analytics: analytics)
            _ = try await rig.remoteConfig.fetch()
            let request = try #require(server.requests.first)
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["appInstanceId"] as? String == "cXd1Y2tsZXMtZmlkLTAwMQ")
            #expect(body["appInstanceIdToken"] as? String == "fis-token")
            #expect(body["appId"] as? String == FlintOptions.testing.googleAppID)
            #expect(body["countryCode"] as? String == "TW")
            #expect(body["languageCode"] as? String == "zh-Hant-TW")
            #expect(body["platformVersion"] as? String == RemoteConfigEnvironment.platformVersion)
            #expect(body["timeZone"] as? String == "Asia/Taipei")
            #expect(body["appVersion"] as? String == "1.2.3")
            #expect(body["packageName"] as? String == FlintOptions.testing.bundleID)
            #expect(body["sdkVersion"] as? String == RESTRemoteConfigBackend.sdkVersion)
            #expect(body["analyticsUserProperties"] as? [String: String] == ["up1": "hello", "up2": "world"])
        }
    }

    /// `fetch_setsAllHeaders_sendsAllHeadersToServer`: the API key, the installation token and JSON both ways (the
    /// bundle ID plays the Android package's part).
    @Test func theRequestCarriesItsHeaders() async throws {
        try await withTestHTTPServer(remoteConfigServer { .json(#"{"state":"NO_CHANGE"}"#) }) { server in
            let rig = try deviceRig(server)
            _ = try await rig.remoteConfig.fetch()
            let headers = try #require(server.requests.first).headers
            #expect(headers["x-goog-api-key"] == "flint-test-api-key")
            #expect(headers["x-ios-bundle-identifier"] == FlintOptions.testing.bundleID)
            #expect(headers["x-goog-firebase-installations-auth"] == "fis-token")
            #expect(headers["content-type"] == "application/json")
            #expect(headers["accept"] == "application/json")
        }
    }

    /// `fetch_newValues_responseSet`: an `UPDATE` answer's entries, emoji included, become the fetched config.
    @Test func anUpdateAnswerBringsItsEntries() async throws {
        let entries = #"{"key_1":"value_1","key2":"value_2","key_emoji":"\ud83c\uddfa\ud83c\uddf3"}"#
        try await withTestHTTPServer(remoteConfigServer { update(entries, version: 1) }) { server in
            let rig = try deviceRig(server)
            #expect(try await rig.remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
            #expect(rig.remoteConfig["key_1"].stringValue == "value_1")
            #expect(rig.remoteConfig["key2"].stringValue == "value_2")
            #expect(rig.remoteConfig["key_emoji"].stringValue == "🇺🇳")
        }
    }

    /// `fetch_noChange_responseOnlyContainsTemplateVersion`: `NO_CHANGE` brings no entries.
    @Test func aNoChangeAnswerBringsNoEntries() async throws {
        try await withTestHTTPServer(remoteConfigServer { .json(#"{"state":"NO_CHANGE","templateVersion":"3"}"#) }) {
            server in
            let rig = try deviceRig(server)
            #expect(try await rig.remoteConfig.fetch() == .success)
            #expect(try await rig.remoteConfig.activate() == false)
            #expect(rig.remoteConfig.allKeys(from: .remote).isEmpty)
        }
    }

    /// `fetch_serverReturnsException_throwsFirebaseRemoteConfigException`: a 404 fails the fetch.
    @Test func aNotFoundAnswerFailsTheFetch() async throws {
        try await withTestHTTPServer(remoteConfigServer { .text("Bad Request", status: 404) }) { server in
            let rig = try deviceRig(server)
            let error = await #expect(throws: RemoteConfigError.self) { try await rig.remoteConfig.fetch() }
            #expect(error?.code == .internalError)
        }
    }
}
