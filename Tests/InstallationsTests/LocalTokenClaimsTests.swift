// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInstallations
import FlintTesting
import Foundation
import Testing

@Suite("LocalInstallationsBackend's auth tokens are JWTs with Firebase's claims")
struct LocalTokenClaimsTests {
    @Test func aTokenCarriesTheInstallationAppAndExpiry() async throws {
        let clock = Date(timeIntervalSince1970: 1_700_000_000)
        let backend = LocalInstallationsBackend(now: { clock })
        let fid = "cAbCdEfGhIjKlMnOpQrStU"
        let registration = try await backend.createInstallation(fid: fid, appID: "1:1234567890:ios:abc")
        let claims = try #require(InstallationsTokenClaims(unsignedJWT: registration.authToken.authToken))
        #expect(claims.fid == fid)
        #expect(claims.appId == "1:1234567890:ios:abc")
        #expect(claims.projectNumber == "1234567890")
        #expect(claims.iat == 1_700_000_000)
        #expect(claims.exp == 1_700_000_000 + 7 * 24 * 3600)
        #expect(registration.authToken.expirationDate == clock.addingTimeInterval(7 * 24 * 3600))
        let next = try await backend.generateAuthToken(fid: fid, refreshToken: registration.refreshToken)
        #expect(next.authToken != registration.authToken.authToken)
        #expect(InstallationsTokenClaims(unsignedJWT: next.authToken)?.fid == fid)
        #expect(backend.isRegistered(fid, refreshToken: registration.refreshToken))
        #expect(!backend.isRegistered(fid, refreshToken: "other"))
        #expect(InstallationsTokenClaims(unsignedJWT: "not.a.jwt") == nil)
    }
}
