// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// Firebase's `FirebaseMessaging/Tests/UnitTests/FIRMessagingTest.m`, the installation ID tests (Firebase 12.18+),
/// ported: the registration request on the wire, the delegate calls, and the refusals with the flag off.
@Suite("SDK port: FIRMessagingTest (installation IDs)", .timeLimit(.minutes(3)))
struct SDKInstallationIdTests {
    private func messaging(
        at server: TestHTTPServer, installationIdEnabled: Bool = true, autoInit: Bool = false
    ) throws -> Messaging {
        let installations = FakeInstallations(installationID: "fake-fid", authToken: "fis-auth-token")
        let app = try TestApp.make(
            libraries: [MessagingLibrary.self],
            overrides: installations.components + [
                MessagingLibrary.settings(
                    MessagingSettings(isAutoInitEnabled: autoInit, isInstallationIdEnabled: installationIdEnabled))
            ])
        let messaging = try Messaging.messaging(app: app)
        try messaging.useEmulator(withHost: "127.0.0.1", port: Int(server.port))
        return messaging
    }

    /// `testRegisterWithCompletionSendsV1Request` (its request checks): `POST …/registrations` with the API key, the
    /// bare installation auth token, and `ios.apns_token` / `ios.apns_environment` `SANDBOX`; the delegate gets
    /// the installation ID of the answer's `name`.
    @Test func registerSendsTheV1RegistrationRequest() async throws {
        let answer = #"{"name":"projects/flint-test/registrations/fake-fid"}"#
        try await withTestHTTPServer({ _ in .json(answer) }) { server in
            let messaging = try messaging(at: server)
            let delegate = RecordingDelegate()
            messaging.delegate = delegate
            messaging.setAPNSToken(Data([0x0F, 0xA0]), type: .sandbox)
            try await messaging.register()
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/projects/flint-test/registrations")
            #expect(request.headers["x-goog-api-key"] == FlintOptions.testing.apiKey)
            #expect(request.headers["x-goog-firebase-installations-auth"] == "fis-auth-token")
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            let ios = try #require(body["ios"] as? [String: String])
            #expect(ios["apns_token"] == "0fa0")
            #expect(ios["apns_environment"] == "SANDBOX")
            #expect(ios["bundle_id"] == FlintOptions.testing.bundleID)
            #expect((body["fcm_sdk_version"] as? String)?.hasPrefix("fcm-") == true)
            #expect(delegate.registrations == ["registered fake-fid"])
        }
    }

    /// `testRegisterNotifiesDelegateWhenCachedFidExists`: a second `register()` tells the delegate the cached
    /// installation ID without a request.
    @Test func registerNotifiesTheDelegateWhenRegisteredAlready() async throws {
        let answer = #"{"name":"projects/flint-test/registrations/fake-fid"}"#
        try await withTestHTTPServer({ _ in .json(answer) }) { server in
            let messaging = try messaging(at: server)
            let delegate = RecordingDelegate()
            messaging.delegate = delegate
            messaging.apnsToken = Data([1])
            try await messaging.register()
            try await messaging.register()
            #expect(server.requests.count == 1)
            #expect(delegate.registrations == ["registered fake-fid", "registered fake-fid"])
        }
    }

    /// `testRegisterWithCompletionFailsWhenInstallationIdDisabled` and
    /// `testUnregisterWithCompletionFailsWhenInstallationIdDisabled`: `invalidRequest`, nothing sent.
    @Test func registerAndUnregisterFailWhenInstallationIDsAreOff() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { server in
            let messaging = try messaging(at: server, installationIdEnabled: false)
            let registerError: (any Error)? = await withCheckedContinuation { continuation in
                messaging.register { continuation.resume(returning: $0) }
            }
            let unregisterError: (any Error)? = await withCheckedContinuation { continuation in
                messaging.unregister { continuation.resume(returning: $0) }
            }
            for error in [registerError, unregisterError] {
                #expect((error as? MessagingError)?.code == .invalidRequest)
            }
            #expect(server.requests.isEmpty)
        }
    }

    /// `testUnregisterNotifiesDelegateWhenInstallationIdEnabled`: `DELETE …/registrations/fake-fid` with the API key
    /// and the bare auth token; the delegate's `didUnregister` gets the installation ID.
    @Test func unregisterSendsTheDeleteAndNotifiesTheDelegate() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { server in
            let messaging = try messaging(at: server)
            let delegate = RecordingDelegate()
            messaging.delegate = delegate
            try await messaging.unregister()
            let request = try #require(server.requests.first)
            #expect(request.method == "DELETE")
            #expect(request.path == "/v1/projects/flint-test/registrations/fake-fid")
            #expect(request.headers["x-goog-api-key"] == FlintOptions.testing.apiKey)
            #expect(request.headers["x-goog-firebase-installations-auth"] == "fis-auth-token")
            #expect(delegate.registrations == ["unregistered fake-fid"])
        }
    }

    /// `testAppStartNotifiesDelegateWhenBothAutoInitAndInstallationIdEnabled`: with auto-init on, the APNs token's
    /// arrival registers the installation ID and tells the delegate.
    @Test func theAPNsTokenRegistersWithAutoInit() async throws {
        let answer = #"{"name":"projects/flint-test/registrations/fake-fid"}"#
        try await withTestHTTPServer({ _ in .json(answer) }) { server in
            let messaging = try messaging(at: server, autoInit: true)
            let delegate = RecordingDelegate()
            messaging.delegate = delegate
            messaging.apnsToken = Data("fakeAPNSToken".utf8)
            try await waitUntil { delegate.registrations == ["registered fake-fid"] }
        }
    }
}
