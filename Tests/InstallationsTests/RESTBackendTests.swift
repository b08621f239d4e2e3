// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

/// A scripted Installations REST server: registers any FID, issues tokens, deletes.
private func installationsServer(generateStatus: Int = 200) -> TestHTTPServer.Handler {
    { request in
        let path = request.pathWithoutQuery
        if request.method == "POST", path.hasSuffix("/installations") {
            let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
            let fid = body?["fid"] as? String ?? "?"
            return .json(
                #"{"name":"projects/flint-test/installations/\#(fid)","fid":"\#(fid)","refreshToken":"refresh-1","authToken":{"token":"token-1","expiresIn":"604800s"}}"#
            )
        }
        if request.method == "POST", path.hasSuffix("/authTokens:generate") {
            if generateStatus != 200 { return .json(#"{"error":{"code":\#(generateStatus)}}"#, status: generateStatus) }
            return .json(#"{"token":"token-2","expiresIn":"3600s"}"#)
        }
        if request.method == "DELETE" { return .json("{}") }
        return .text("not found", status: 404)
    }
}

@Suite struct RESTBackendTests {
    @Test func registrationSendsTheFIDAppIDAndAPIKey() async throws {
        try await withTestHTTPServer(installationsServer()) { server in
            let clock = TestClock()
            let installations = try Installations.installations(
                app: makeInstallationsApp(settings: InstallationsSettings(now: clock.closure)))
            try installations.useEmulator(withHost: server.host, port: server.port)
            let fid = try await installations.installationID()
            let token = try await installations.authToken(forcingRefresh: false)
            #expect(token.authToken == "token-1")
            #expect(token.expirationDate == clock.now().addingTimeInterval(604_800))

            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/projects/flint-test/installations")
            #expect(request.headers["x-goog-api-key"] == "flint-test-api-key")
            #expect(request.headers["x-ios-bundle-identifier"] == FlintOptions.testing.bundleID)
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: String])
            #expect(body["fid"] == fid)
            #expect(body["appId"] == FlintOptions.testing.googleAppID)
            #expect(body["authVersion"] == "FIS_v2")
        }
    }

    @Test func tokenRequestsCarryTheRefreshToken() async throws {
        try await withTestHTTPServer(installationsServer()) { server in
            let installations = try Installations.installations(app: makeInstallationsApp())
            try installations.useEmulator(withHost: server.host, port: server.port)
            let fid = try await installations.installationID()
            _ = try await installations.authToken(forcingRefresh: false)
            #expect(try await installations.authToken(forcingRefresh: true).authToken == "token-2")
            let request = try #require(server.requests.last)
            #expect(request.path == "/v1/projects/flint-test/installations/\(fid)/authTokens:generate")
            #expect(request.headers["authorization"] == "FIS_v2 refresh-1")
        }
    }

    @Test func deleteSendsADeleteForTheInstallation() async throws {
        try await withTestHTTPServer(installationsServer()) { server in
            let installations = try Installations.installations(app: makeInstallationsApp())
            try installations.useEmulator(withHost: server.host, port: server.port)
            let fid = try await installations.installationID()
            _ = try await installations.authToken(forcingRefresh: false)
            try await installations.delete()
            let request = try #require(server.requests.last)
            #expect(request.method == "DELETE")
            #expect(request.path == "/v1/projects/flint-test/installations/\(fid)")
            #expect(request.headers["authorization"] == "FIS_v2 refresh-1")
        }
    }

    @Test func anUnauthorizedTokenRequestRegistersANewInstallation() async throws {
        try await withTestHTTPServer(installationsServer(generateStatus: 401)) { server in
            let installations = try Installations.installations(app: makeInstallationsApp())
            try installations.useEmulator(withHost: server.host, port: server.port)
            let old = try await installations.installationID()
            _ = try await installations.authToken(forcingRefresh: false)
            _ = try await installations.authToken(forcingRefresh: true)
            #expect(try await installations.installationID() != old)
            #expect(server.requests.map(\.method) == ["POST", "POST", "POST"])
        }
    }

    @Test func aBadRequestIsInvalidConfiguration() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"error":{}}"#, status: 400) }) { server in
            let installations = try Installations.installations(app: makeInstallationsApp())
            try installations.useEmulator(withHost: server.host, port: server.port)
            let error = await #expect(throws: InstallationsError.self) {
                try await installations.authToken(forcingRefresh: false)
            }
            #expect(error?.code == .invalidConfiguration)
        }
    }

    @Test func serverErrorsAndBadAnswersAreServerUnreachable() async throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        for response in [
            TestHTTPResponse.json("{}", status: 503), .json(deep), .json("not json"), .json(#"{"fid":"x"}"#),
        ] {
            try await withTestHTTPServer({ _ in response }) { server in
                let installations = try Installations.installations(app: makeInstallationsApp())
                try installations.useEmulator(withHost: server.host, port: server.port)
                let error = await #expect(throws: InstallationsError.self) {
                    try await installations.authToken(forcingRefresh: false)
                }
                #expect(error?.code == .serverUnreachable)
            }
        }
    }

    @Test func aServerErrorIsNotRetriedDuringTheBackoff() async throws {
        try await withTestHTTPServer({ _ in .json("{}", status: 503) }) { server in
            // A clock that stands still: the second call falls in the backoff however slow the machine is.
            let clock = TestClock()
            let installations = try Installations.installations(
                app: makeInstallationsApp(settings: InstallationsSettings(now: clock.closure)))
            try installations.useEmulator(withHost: server.host, port: server.port)
            for _ in 0..<2 {
                let error = await #expect(throws: InstallationsError.self) {
                    try await installations.authToken(forcingRefresh: false)
                }
                #expect(error?.code == .serverUnreachable)
            }
            #expect(server.requests.count == 1)
            #expect(installations.backoff?.interval == 2)
        }
    }

    @Test func anUnreachableServerIsServerUnreachable() async throws {
        let installations = try Installations.installations(app: makeInstallationsApp())
        try installations.useEmulator(withHost: "127.0.0.1", port: 1)
        let error = await #expect(throws: InstallationsError.self) {
            try await installations.authToken(forcingRefresh: false)
        }
        #expect(error?.code == .serverUnreachable)
    }

    @Test func useEmulatorRefusesHostsThatAreNotHosts() throws {
        let installations = try Installations.installations(app: makeInstallationsApp())
        for host in ["evil.com/x", "a@b", "", "host?q", "h st"] {
            let error = #expect(throws: InstallationsError.self) {
                try installations.useEmulator(withHost: host, port: 80)
            }
            #expect(error?.code == .invalidConfiguration)
        }
        #expect(throws: InstallationsError.self) { try installations.useEmulator(withHost: "localhost", port: 0) }
    }

    @Test func useEmulatorNeedsAProjectAndAnAPIKey() throws {
        var options = FlintOptions.testing
        options.apiKey = nil
        let installations = try Installations.installations(app: makeInstallationsApp(options: options))
        let error = #expect(throws: InstallationsError.self) {
            try installations.useEmulator(withHost: "localhost", port: 80)
        }
        #expect(error?.code == .invalidConfiguration)
    }

    @Test func pathSegmentsFromOutsideAreEncoded() throws {
        let backend = RESTInstallationsBackend(
            origin: URL(string: "http://127.0.0.1:9")!, projectID: "../p?x#y", apiKey: "k")
        let url = try #require(backend.url(fid: "a/b", generate: true))
        #expect(url.host == "127.0.0.1")
        #expect(
            url.absoluteString
                == "http://127.0.0.1:9/v1/projects/..%2Fp%3Fx%23y/installations/a%2Fb/authTokens:generate")
    }

    @Test func theRESTBackendOverrideUsesTheAppsOptions() async throws {
        try await withTestHTTPServer(installationsServer()) { server in
            let app = try TestApp.make(
                libraries: [InstallationsLibrary.self],
                overrides: [InstallationsLibrary.restBackend(origin: server.url(path: "/"))])
            _ = try await Installations.installations(app: app).authToken(forcingRefresh: false)
            #expect(server.requests.first?.path == "/v1/projects/flint-test/installations")
        }
    }
}
