// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintProductSupport

@Suite("LocalJWT: unsigned emulator tokens")
struct LocalJWTTests {
    struct Claims: Codable, Equatable {
        var sub: String
        var exp: Int
        var name: String?
    }

    @Test func roundTripsClaims() throws {
        let claims = Claims(sub: "uid-1", exp: 1_800_000_000, name: "Ada ?>")
        let token = LocalJWT.encode(claims)
        #expect(token.split(separator: ".", omittingEmptySubsequences: false).count == 3)
        #expect(token.hasSuffix("."))
        #expect(!token.contains("=") && !token.contains("+") && !token.contains("/"))
        #expect(try LocalJWT.decode(Claims.self, from: token) == claims)
    }

    @Test func headerSaysUnsigned() throws {
        let token = LocalJWT.encode(Claims(sub: "u", exp: 1))
        let header = try #require(LocalJWT.data(base64URL: String(token.split(separator: ".")[0])))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"none","typ":"JWT"}"#)
    }

    @Test func malformedTokensAreTypedErrors() {
        #expect(throws: LocalJWT.DecodingError.malformed) { try LocalJWT.decode(Claims.self, from: "abc") }
        #expect(throws: LocalJWT.DecodingError.invalidEncoding) { try LocalJWT.decode(Claims.self, from: "a.%%%.") }
        #expect(throws: LocalJWT.DecodingError.self) {
            try LocalJWT.decode(Claims.self, from: LocalJWT.encode(["other": 1]))
        }
    }
}
