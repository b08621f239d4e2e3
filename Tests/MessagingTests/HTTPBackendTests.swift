// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

@Suite("The HTTP backend on the wire")
struct HTTPBackendTests {
    /// A Messaging instance pointed at `server` by `useEmulator`.
    private func messaging(
        at server: TestHTTPServer, installations: FakeInstallations = FakeInstallations(),
        options: FlintOptions = .testing
    ) throws -> Messaging {
        let app = try TestApp.make(
            libraries: [MessagingLibrary.self],
            overrides: installations.components
                + [MessagingLibrary.settings(MessagingSettings(isAutoInitEnabled: false))],
            options: options)
        let messaging = try Messaging.messaging(app: app)
        try messaging.useEmulator(withHost: "127.0.0.1", port: Int(server.port))
        return messaging
    }

    @Test func aTokenIsRegisteredWithTheFCMRegistrationsAPI() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"server-token"}"#) }) { server in
            let installations = FakeInstallations(installationID: fid(7), authToken: "fis-token")
            let messaging = try messaging(at: server, installations: installations)
            #expect(messaging.emulatorOrigin == server.origin)
            #expect(messaging.localBackend == nil)
            #expect(try await messaging.token() == "server-token")
            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/projects/flint-test/registrations")
            #expect(request.headers["x-goog-api-key"] == "flint-test-api-key")
            #expect(request.headers["x-goog-firebase-installations-auth"] == "FIS fis-token")
            #expect(request.headers["Content-Type"] == "application/json")
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: [String: String]])
            #expect(
                body == [
                    "installation": [
                        "fid": fid(7), "appId": FlintOptions.testing.googleAppID,
                        "senderId": FlintOptions.testing.gcmSenderID,
                    ]
                ])
        }
    }

    @Test func deletingAndTopicsUseTheirPaths() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"tok-1"}"#) }) { server in
            let messaging = try messaging(at: server)
            try await messaging.subscribe(toTopic: "news%20daily")
            try await messaging.unsubscribe(fromTopic: "/topics/weather")
            try await messaging.deleteToken()
            #expect(
                server.requests.map { "\($0.method) \($0.path)" } == [
                    "POST /v1/projects/flint-test/registrations",
                    "POST /iid/v1/tok-1/rel/topics/news%2520daily",
                    "DELETE /iid/v1/tok-1/rel/topics/weather",
                    "DELETE /v1/projects/flint-test/registrations/tok-1",
                ])
        }
    }

    @Test func aHostileTokenFromTheServerStaysOnePathSegment() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"../../evil/x?y=1#z"}"#) }) { server in
            let messaging = try messaging(at: server)
            try await messaging.subscribe(toTopic: "t")
            #expect(server.requests.last?.path == "/iid/v1/..%2F..%2Fevil%2Fx%3Fy=1%23z/rel/topics/t")
            #expect(
                HTTPMessagingBackend.url(URL(string: "http://h")!, ["..", "."]).absoluteString == "http://h/%2E%2E/%2E")
        }
    }

    @Test(arguments: [
        (400, MessagingErrorCode.invalidRequest), (404, .invalidRequest), (401, .authentication),
        (403, .authentication),
        (408, .timeout), (504, .timeout), (500, .unknown),
    ])
    func anErrorStatusBecomesItsCode(_ status: Int, _ code: MessagingErrorCode) async throws {
        try await withTestHTTPServer({ _ in .json(#"{"error":{"message":"no luck"}}"#, status: status) }) { server in
            let messaging = try messaging(at: server)
            await #expect(throws: MessagingError(code, message: "no luck")) { try await messaging.token() }
        }
    }

    @Test func anAnswerWithoutATokenIsUnknown() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"name":"x"}"#) }) { server in
            let messaging = try messaging(at: server)
            let error = await #expect(throws: MessagingError.self) { try await messaging.token() }
            #expect(error?.code == .unknown)
            #expect(error?.message.contains("no token") == true)
        }
    }

    @Test func anUnreachableServerIsNetwork() async throws {
        let app = try makeMessagingApp()
        let messaging = try Messaging.messaging(app: app)
        try messaging.useEmulator(withHost: "127.0.0.1", port: 1)
        let error = await #expect(throws: MessagingError.self) { try await messaging.token() }
        #expect(error?.code == .network)
    }

    @Test func registrationsNeedAProjectID() async throws {
        var options = FlintOptions.testing
        options.projectID = nil
        try await withTestHTTPServer({ _ in .json(#"{"token":"t"}"#) }) { server in
            let messaging = try messaging(at: server, options: options)
            let error = await #expect(throws: MessagingError.self) { try await messaging.token() }
            #expect(error?.code == .invalidRequest)
            #expect(server.requests.isEmpty)
        }
    }
}
