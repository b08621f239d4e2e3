// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintProductSupport

@Suite("Small product helpers: file names, JSON limits, URL segments, emulator origins")
struct ProductHelperTests {
    @Test func appFileNamesStayOneComponent() {
        #expect(AppFileName.make(appName: "my-app_1", suffix: ".x.json") == "my-app_1.x.json")
        for name in ["../etc", "a/b", "..", "", String(repeating: "é", count: 300)] {
            let file = AppFileName.make(appName: name, suffix: ".x.json")
            #expect(!file.contains("/"))
            #expect(file.contains("+"))
            #expect(file.hasSuffix(".x.json"))
            #expect(file.utf8.count <= 70)
        }
        #expect(AppFileName.make(appName: "a/b", suffix: "") != AppFileName.make(appName: "a/c", suffix: ""))
    }

    @Test func boundedJSONRefusesLargeDeepAndNonObjects() {
        #expect(throws: BoundedJSON.Failure.tooLarge(11)) {
            try BoundedJSON.object(from: Data(#"{"a":"bcd"}"#.utf8), maximumSize: 10)
        }
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: BoundedJSON.Failure.tooDeep) { try BoundedJSON.object(from: deep) }
        #expect(throws: BoundedJSON.Failure.notAnObject) { try BoundedJSON.object(from: Data("[1]".utf8)) }
        #expect(throws: BoundedJSON.Failure.notAnObject) { try BoundedJSON.object(from: Data("{".utf8)) }
        #expect(BoundedJSON.nestingIsBounded(Data(#"{"a":"[[[[["}"#.utf8), maximumDepth: 1))
        #expect((try? BoundedJSON.object(from: Data(#"{"a":1}"#.utf8)))?["a"] as? Int == 1)
    }

    @Test func pathSegmentsAreFullyEncoded() {
        #expect(URLPathSegment.encode("a/b?c#d e") == "a%2Fb%3Fc%23d%20e")
        #expect(URLPathSegment.encode("..") == "%2E%2E")
        #expect(URLPathSegment.encode(".") == "%2E")
        #expect(URLPathSegment.encode("ok-1._~") == "ok-1._~")
    }

    @Test func emulatorOriginsAreBuiltFromPlainHostsOnly() throws {
        #expect(try EmulatorOrigin.make(host: "127.0.0.1", port: 8080).absoluteString == "http://127.0.0.1:8080")
        #expect(try EmulatorOrigin.make(host: "::1", port: 9).absoluteString == "http://[::1]:9")
        #expect(throws: EmulatorOrigin.Failure.invalidHost("evil.com/x")) {
            try EmulatorOrigin.make(host: "evil.com/x", port: 1)
        }
        #expect(throws: EmulatorOrigin.Failure.invalidHost("a@b")) { try EmulatorOrigin.make(host: "a@b", port: 1) }
        #expect(throws: EmulatorOrigin.Failure.invalidPort(0)) { try EmulatorOrigin.make(host: "localhost", port: 0) }
    }
}
