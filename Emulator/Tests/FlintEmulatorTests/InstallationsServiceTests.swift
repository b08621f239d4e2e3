// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintEmulator
import FlintInstallations
import FlintTesting
import Foundation
import Testing

@Suite("Installations service: Flint's REST Installations client against the emulator")
struct InstallationsServiceTests {
    private let base = "/v1/projects/demo-flint/installations"

    private func installations(_ emulator: FlintEmulator) throws -> Installations {
        let app = try TestApp.make(libraries: [InstallationsLibrary.self], options: emulatorOptions)
        let installations = try Installations.installations(app: app)
        let endpoint = try #require(emulator.endpoints[.installations])
        try installations.useEmulator(withHost: endpoint.host, port: endpoint.port)
        return installations
    }

    @Test func anInstallationIsRegisteredWithAJWTAuthToken() async throws {
        try await withEmulator(.ephemeral(services: [.installations])) { emulator in
            let installations = try installations(emulator)
            let fid = try await installations.installationID()
            let token = try await installations.authToken(forcingRefresh: false)
            #expect(emulator.installationsBackend?.registeredInstallations == [fid])
            let claims = try #require(InstallationsTokenClaims(unsignedJWT: token.authToken))
            #expect(claims.fid == fid)
            #expect(claims.appId == emulatorOptions.googleAppID)
            #expect(claims.projectNumber == "1234567890")
            // The documented TTL: seven days.
            let lifetime = TimeInterval(claims.exp - claims.iat)
            #expect(lifetime == 7 * 24 * 3600)
            #expect(abs(token.expirationDate.timeIntervalSinceNow - lifetime) < 600)
        }
    }

    @Test func refreshingGivesANewTokenAndDeletingUnregisters() async throws {
        try await withEmulator(.ephemeral(services: [.installations])) { emulator in
            let installations = try installations(emulator)
            let fid = try await installations.installationID()
            let first = try await installations.authToken(forcingRefresh: false)
            let second = try await installations.authToken(forcingRefresh: true)
            #expect(second.authToken != first.authToken)
            #expect(emulator.installationsBackend?.generateCount == 1)
            try await installations.delete()
            #expect(emulator.installationsBackend?.registeredInstallations.contains(fid) == false)
            #expect(emulator.installationsBackend?.deleteCount == 1)
            let next = try await installations.installationID()
            #expect(next != fid)
        }
    }

    @Test func aWrongRefreshTokenIs401AndAnUnknownInstallation404() async throws {
        try await withEmulator(.ephemeral(services: [.installations])) { emulator in
            let fid = "cAbCdEfGhIjKlMnOpQrStU"
            let created = try await RawHTTP.json(
                "POST", emulator.url(.installations, base),
                ["fid": fid, "appId": "1:1:ios:ab", "authVersion": "FIS_v2"])
            #expect(created.status == 200)
            #expect(created.json["fid"] as? String == fid)
            #expect(created.json["name"] as? String == "projects/demo-flint/installations/\(fid)")
            let authToken = try #require(created.json["authToken"] as? [String: Any])
            #expect(authToken["expiresIn"] as? String == "604800s")
            let refresh = try #require(created.json["refreshToken"] as? String)
            let generate = emulator.url(.installations, "\(base)/\(fid)/authTokens:generate")
            let wrong = try await RawHTTP.json("POST", generate, [:], headers: ["Authorization": "FIS_v2 nope"])
            #expect(wrong.status == 401)
            #expect((wrong.json["error"] as? [String: Any])?["status"] as? String == "UNAUTHENTICATED")
            let missing = try await RawHTTP.json("POST", generate, [:])
            #expect(missing.status == 401)
            let right = try await RawHTTP.json("POST", generate, [:], headers: ["Authorization": "FIS_v2 \(refresh)"])
            #expect(right.status == 200)
            #expect(right.json["expiresIn"] as? String == "604800s")
            let unknown = try await RawHTTP.json(
                "POST", emulator.url(.installations, "\(base)/dAbCdEfGhIjKlMnOpQrStU/authTokens:generate"), [:],
                headers: ["Authorization": "FIS_v2 \(refresh)"])
            #expect(unknown.status == 404)
            let wrongDelete = try await RawHTTP.send(
                "DELETE", emulator.url(.installations, "\(base)/\(fid)"), headers: ["Authorization": "FIS_v2 x"])
            #expect(wrongDelete.status == 401)
            let deleted = try await RawHTTP.send(
                "DELETE", emulator.url(.installations, "\(base)/\(fid)"),
                headers: ["Authorization": "FIS_v2 \(refresh)"])
            #expect(deleted.status == 200)
            #expect(emulator.installationsBackend?.registeredInstallations.isEmpty == true)
        }
    }

    @Test func badInputGetsFirebaseShapedErrors() async throws {
        try await withEmulator(
            .init(services: [.installations], ports: [.installations: 0], maximumBodySize: 1024)
        ) { emulator in
            func error(_ response: RawHTTP) -> [String: Any]? { response.json["error"] as? [String: Any] }
            let url = emulator.url(.installations, base)
            let malformed = try await RawHTTP.send("POST", url, body: Data("{not json".utf8))
            #expect(malformed.status == 400)
            #expect(error(malformed)?["status"] as? String == "INVALID_ARGUMENT")
            let badFID = try await RawHTTP.json("POST", url, ["fid": "../../etc", "appId": "1:1:ios:ab"])
            #expect(badFID.status == 400)
            let noApp = try await RawHTTP.json("POST", url, ["fid": "cAbCdEfGhIjKlMnOpQrStU"])
            #expect(noApp.status == 400)
            let otherProject = try await RawHTTP.json(
                "POST", emulator.url(.installations, "/v1/projects/other/installations"),
                ["fid": "cAbCdEfGhIjKlMnOpQrStU", "appId": "1:1:ios:ab"])
            #expect(otherProject.status == 400)
            let wrongMethod = try await RawHTTP.send("GET", url)
            #expect(wrongMethod.status == 405)
            #expect(error(wrongMethod)?["code"] as? Int == 405)
            let unknown = try await RawHTTP.send("POST", emulator.url(.installations, "/v1/nowhere"))
            #expect(unknown.status == 404)
            let escaping = try await RawHTTP.send("POST", emulator.url(.installations, "/v1/projects/demo-flint/../x"))
            #expect(escaping.status == 404)
            let huge = try await RawHTTP.send("POST", url, body: Data(repeating: UInt8(ascii: " "), count: 4096))
            #expect(huge.status == 413)
        }
    }
}
