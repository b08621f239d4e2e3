// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAppCheck
import FlintCore
import FlintEmulator
import FlintTesting
import Foundation
import Testing

@Suite("App Check service: Flint's exchanging debug provider against the emulator")
struct AppCheckServiceTests {
    private func appCheck(_ emulator: FlintEmulator, debugToken: String) throws -> AppCheck {
        let endpoint = try #require(emulator.endpoints[.appCheck])
        let factory = AppCheckDebugProviderFactory(
            endpoint: .emulator(host: endpoint.host, port: endpoint.port), debugToken: debugToken)
        let app = try TestApp.make(
            libraries: [AppCheckLibrary.self], overrides: [AppCheckLibrary.providerFactory(factory)],
            options: emulatorOptions)
        return try AppCheck.appCheck(app: app)
    }

    @Test func aDebugTokenIsExchangedForAnAppCheckTokenOfTheApp() async throws {
        try await withEmulator(.ephemeral(services: [.appCheck])) { emulator in
            let appCheck = try appCheck(emulator, debugToken: UUID().uuidString)
            let token = try await appCheck.token(forcingRefresh: false)
            let claims = try #require(AppCheckTokenClaims(unsignedJWT: token.token))
            #expect(claims.sub == emulatorOptions.googleAppID)
            #expect(claims.aud == ["projects/1234567890", "projects/demo-flint"])
            #expect(claims.iss == "https://firebaseappcheck.googleapis.com/1234567890")
            #expect(claims.provider == "debug")
            #expect(claims.exp - claims.iat == 3600)
            #expect(abs(token.expirationDate.timeIntervalSinceNow - 3600) < 600)
            #expect(emulator.appCheckBackend?.verify(token.token) == claims)
            let limited = try await appCheck.limitedUseToken()
            #expect(AppCheckTokenClaims(unsignedJWT: limited.token)?.jti != claims.jti)
            #expect(emulator.appCheckBackend?.exchangeCount == 2)
        }
    }

    @Test func aMalformedDebugTokenIsRefusedWithPermissionDenied() async throws {
        try await withEmulator(.ephemeral(services: [.appCheck])) { emulator in
            let appCheck = try appCheck(emulator, debugToken: "not-a-uuid")
            do {
                _ = try await appCheck.token(forcingRefresh: false)
                Issue.record("a malformed debug token was exchanged")
            } catch let error as AppCheckError {
                #expect(error.code == .unknown)
                guard case .httpStatus(403, let body)? = error.underlyingError as? AppCheckExchangeFailure else {
                    Issue.record("not a 403: \(error)")
                    return
                }
                #expect(body.contains("PERMISSION_DENIED"))
            }
            let url = emulator.url(.appCheck, "/v1/projects/demo-flint/apps/1:1:ios:ab:exchangeDebugToken")
            let empty = try await RawHTTP.json("POST", url, ["debug_token": ""])
            #expect(empty.status == 403)
            #expect((empty.json["error"] as? [String: Any])?["status"] as? String == "PERMISSION_DENIED")
        }
    }

    @Test func aConfiguredSetRestrictsTheDebugTokens() async throws {
        var configuration = EmulatorConfiguration.ephemeral(services: [.appCheck])
        configuration.appCheckDebugTokens = ["registered-secret"]
        try await withEmulator(configuration) { emulator in
            let url = emulator.url(.appCheck, "/v1/projects/demo-flint/apps/1:1:ios:ab:exchangeDebugToken")
            let registered = try await RawHTTP.json("POST", url, ["debug_token": "registered-secret"])
            #expect(registered.status == 200)
            #expect(registered.json["ttl"] as? String == "3600s")
            let other = try await RawHTTP.json("POST", url, ["debug_token": UUID().uuidString])
            #expect(other.status == 403)
            let appCheck = try appCheck(emulator, debugToken: "registered-secret")
            _ = try await appCheck.token(forcingRefresh: true)
        }
    }

    @Test func badInputGetsFirebaseShapedErrors() async throws {
        try await withEmulator(.ephemeral(services: [.appCheck])) { emulator in
            func error(_ response: RawHTTP) -> [String: Any]? { response.json["error"] as? [String: Any] }
            let url = emulator.url(.appCheck, "/v1/projects/demo-flint/apps/1:1:ios:ab:exchangeDebugToken")
            let malformed = try await RawHTTP.send("POST", url, body: Data("{not json".utf8))
            #expect(malformed.status == 400)
            #expect(error(malformed)?["status"] as? String == "INVALID_ARGUMENT")
            let notString = try await RawHTTP.json("POST", url, ["debug_token": 7])
            #expect(notString.status == 400)
            let badApp = try await RawHTTP.json(
                "POST", emulator.url(.appCheck, "/v1/projects/demo-flint/apps/nope:exchangeDebugToken"),
                ["debug_token": UUID().uuidString])
            #expect(badApp.status == 400)
            let otherProject = try await RawHTTP.json(
                "POST", emulator.url(.appCheck, "/v1/projects/other/apps/1:1:ios:ab:exchangeDebugToken"),
                ["debug_token": UUID().uuidString])
            #expect(otherProject.status == 400)
            let wrongMethod = try await RawHTTP.send("GET", url)
            #expect(wrongMethod.status == 405)
            let unknown = try await RawHTTP.send("POST", emulator.url(.appCheck, "/v1/projects/demo-flint/apps/x"))
            #expect(unknown.status == 404)
            #expect(error(unknown)?["code"] as? Int == 404)
        }
    }
}
