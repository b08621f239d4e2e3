// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

/// Ports of the Firebase iOS SDK's `FirebaseInstallations/Source/Tests/Unit/FIRInstallationsAPIServiceTests.m` (and
/// the retry tests of `FIRInstallationsIDControllerTests.m`, which exercise the API service's retry), against
/// ``RESTInstallationsBackend`` and a test server answering from a script.
@Suite struct SDKInstallationsAPIServiceTests {
    private static let fid = "qwertyuiopasdfghjklzxcvbnm"

    /// A backend talking to `server` for project `project-id`, whose waits are recorded and return at once.
    private func backend(_ server: TestHTTPServer, clock: TestClock, sleeps: Locked<[Duration]>)
        -> RESTInstallationsBackend
    {
        RESTInstallationsBackend(
            origin: server.url(), projectID: "project-id", apiKey: "api-key", now: clock.closure,
            sleep: { duration in sleeps.withLock { $0.append(duration) } })
    }

    /// Checks the first request `server` received: `method` on `path` (under `/v1/projects/project-id/installations`)
    /// with the API key, a JSON body and, when given, `Authorization: FIS_v2 {refreshToken}`; returns its body.
    private func firstRequest(
        of server: TestHTTPServer, method: String, path: String, refreshToken: String?
    ) throws -> Any {
        let request = try #require(server.requests.first)
        #expect(request.method == method)
        #expect(request.path == "/v1/projects/project-id/installations" + path)
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["x-goog-api-key"] == "api-key")
        #expect(request.headers["authorization"] == refreshToken.map { "FIS_v2 \($0)" })
        return try JSONSerialization.jsonObject(with: request.body)
    }

    /// A server answering each request with the next of `answers` (the last one repeats).
    private func scripted(_ answers: [TestHTTPResponse]) -> TestHTTPServer.Handler {
        let remaining = Locked(answers)
        return { _ in remaining.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
    }

    /// `testRegisterInstallationSuccess`: the request (URL, API key, JSON body with the FID, `FIS_v2`, the app ID and
    /// the SDK version) and the registration read from a 201 answer.
    @Test func registeringAnInstallation() async throws {
        let answer = TestHTTPResponse.json(
            #"{"name":"projects/project-id/installations/\#(Self.fid)","fid":"\#(Self.fid)","refreshToken":"aaaaaaabbbbbbbbcccccccccdddddddd00000000","authToken":{"token":"aaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbb.cccccccccccccccccccccccc","expiresIn":"604800s"}}"#,
            status: 201)
        try await withTestHTTPServer(scripted([answer])) { server in
            let clock = TestClock()
            let registration = try await backend(server, clock: clock, sleeps: Locked([]))
                .createInstallation(fid: Self.fid, appID: "app-id")
            let body = try #require(
                try firstRequest(of: server, method: "POST", path: "", refreshToken: nil) as? [String: String])
            #expect(body["fid"] == Self.fid)
            #expect(body["authVersion"] == "FIS_v2")
            #expect(body["appId"] == "app-id")
            #expect(body["sdkVersion"] == RESTInstallationsBackend.sdkVersion)
            #expect(registration.fid == Self.fid)
            #expect(registration.refreshToken == "aaaaaaabbbbbbbbcccccccccdddddddd00000000")
            #expect(registration.authToken.authToken == "aaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbb.cccccccccccccccccccccccc")
            #expect(registration.authToken.expirationDate == clock.now().addingTimeInterval(604_800))
        }
    }

    /// `testRefreshAuthTokenSuccess`: the request (URL, API key, `Authorization: FIS_v2 {refresh token}`, body
    /// `{"installation":{"sdkVersion":…}}`) and the token read from the answer.
    @Test func refreshingAnAuthToken() async throws {
        let answer = TestHTTPResponse.json(
            #"{"token":"aaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbb.cccccccccccccccccccccccc","expiresIn":"3987465s"}"#)
        try await withTestHTTPServer(scripted([answer])) { server in
            let clock = TestClock()
            let token = try await backend(server, clock: clock, sleeps: Locked([]))
                .generateAuthToken(fid: Self.fid, refreshToken: "refresh-token")
            let body = try #require(
                try firstRequest(
                    of: server, method: "POST", path: "/\(Self.fid)/authTokens:generate", refreshToken: "refresh-token")
                    as? [String: [String: String]])
            #expect(body == ["installation": ["sdkVersion": RESTInstallationsBackend.sdkVersion]])
            #expect(token.authToken == "aaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbb.cccccccccccccccccccccccc")
            #expect(token.expirationDate == clock.now().addingTimeInterval(3_987_465))
        }
    }

    /// `testRefreshAuthTokenAPIError`: a 401 (invalid refresh token) means the installation must be registered again.
    @Test func anUnauthorizedRefreshMeansTheInstallationIsUnknown() async throws {
        try await withTestHTTPServer(scripted([.json(#"{"error":{"code":401}}"#, status: 401)])) { server in
            await #expect(throws: InstallationsBackendError.installationNotFound) {
                try await backend(server, clock: TestClock(), sleeps: Locked([]))
                    .generateAuthToken(fid: Self.fid, refreshToken: "refresh-token")
            }
        }
    }

    /// `testRefreshAuthTokenDataNil`, and the Android SDK's `FirebaseInstallationServiceClientTest`
    /// `parseTokenExpirationTimestamp_failed`: a 200 without a body, or with an `expiresIn` that is not `{n}s`, is
    /// an unreadable answer.
    @Test(arguments: ["", #"{"token":"t","expiresIn":"2345"}"#])
    func anUnreadableTokenAnswerFails(body: String) async throws {
        try await withTestHTTPServer(scripted([.json(body)])) { server in
            let error = await #expect(throws: InstallationsBackendError.self) {
                try await backend(server, clock: TestClock(), sleeps: Locked([]))
                    .generateAuthToken(fid: Self.fid, refreshToken: "refresh-token")
            }
            guard case .serverUnreachable = error else {
                Issue.record("expected serverUnreachable, got \(String(describing: error))")
                return
            }
        }
    }

    /// `testDeleteInstallationSuccess`: `DELETE …/installations/{fid}` with the API key, the refresh token and an
    /// empty JSON body.
    @Test func deletingAnInstallation() async throws {
        try await withTestHTTPServer(scripted([.json("{}")])) { server in
            try await backend(server, clock: TestClock(), sleeps: Locked([]))
                .deleteInstallation(fid: Self.fid, refreshToken: "refresh-token")
            let body = try #require(
                try firstRequest(of: server, method: "DELETE", path: "/\(Self.fid)", refreshToken: "refresh-token")
                    as? [String: Any])
            #expect(body.isEmpty)
        }
    }

    /// `testDeleteInstallationErrorNotFound` (with the ID controller's
    /// `testDeleteRegisteredInstallation_WhenAPIFailsWithNotFound_ThenInstallationIsRemoved`): a 404 counts as
    /// deleted.
    @Test func deletingAnUnknownInstallationSucceeds() async throws {
        try await withTestHTTPServer(scripted([.json(#"{"error":{"code":404}}"#, status: 404)])) { server in
            try await backend(server, clock: TestClock(), sleeps: Locked([]))
                .deleteInstallation(fid: Self.fid, refreshToken: "refresh-token")
            #expect(server.requests.count == 1)
        }
    }

    /// `testGetAuthToken_WhenServerResponseIsInternalError_ThenRetriesOnceAndSucceeds` (the API service retries a
    /// 500 once, a second later).
    @Test func anInternalErrorIsRetriedOnceAndCanSucceed() async throws {
        let answers: [TestHTTPResponse] = [
            .json(#"{"error":{"code":500}}"#, status: 500), .json(#"{"token":"token-2","expiresIn":"3600s"}"#),
        ]
        try await withTestHTTPServer(scripted(answers)) { server in
            let sleeps = Locked<[Duration]>([])
            let token = try await backend(server, clock: TestClock(), sleeps: sleeps)
                .generateAuthToken(fid: Self.fid, refreshToken: "refresh-token")
            #expect(token.authToken == "token-2")
            #expect(server.requests.count == 2)
            #expect(sleeps.withLock { $0 } == [.seconds(1)])
        }
    }

    /// `testGetAuthToken_WhenServerResponseIsInternalError_ThenRetriesOnceAndFails`: a second 500 is the error.
    @Test func anInternalErrorIsRetriedOnlyOnce() async throws {
        try await withTestHTTPServer(scripted([.json(#"{"error":{"code":500}}"#, status: 500)])) { server in
            await #expect(throws: InstallationsBackendError.serverError("The Installations server answered HTTP 500."))
            {
                try await backend(server, clock: TestClock(), sleeps: Locked([]))
                    .generateAuthToken(fid: Self.fid, refreshToken: "refresh-token")
            }
            #expect(server.requests.count == 2)
        }
    }
}
