// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Testing

@testable import FlintDatabase

@Suite("Database paths: the SDK's validation")
struct PathTests {
    @Test func emptySegmentsAreIgnored() throws {
        #expect(try DatabasePath(validating: "/a//b/").keys == ["a", "b"])
        #expect(try DatabasePath(validating: "/").isRoot)
    }

    @Test(arguments: ["a.b", "a#b", "a$b", "a[b", "a]b", "a\u{7}b", "a\u{7F}b"])
    func forbiddenCharactersAreRejected(path: String) {
        #expect(throws: DatabasePathError.self) { try DatabasePath(validating: path) }
    }

    @Test func anEmptyPathStringIsRejected() {
        #expect(throws: DatabasePathError.empty) { try DatabasePath(validating: "") }
    }

    @Test func keysMayNotContainSlashes() {
        #expect(throws: DatabasePathError.forbiddenCharacter("/", in: "a/b")) { try DatabasePath.validate(key: "a/b") }
        #expect(throws: DatabasePathError.empty) { try DatabasePath.validate(key: "") }
    }

    @Test func keysLongerThan768BytesAreRejected() throws {
        try DatabasePath.validate(key: String(repeating: "k", count: 768))
        let long = String(repeating: "é", count: 385)  // 770 UTF-8 bytes
        #expect(throws: DatabasePathError.keyTooLong(long)) { try DatabasePath.validate(key: long) }
        #expect(throws: DatabasePathError.keyTooLong(long)) { try DatabasePath(validating: "a/" + long) }
    }

    @Test func pathsDeeperThan32KeysAreRejected() throws {
        let deep = Array(repeating: "k", count: 32).joined(separator: "/")
        _ = try DatabasePath(validating: deep)
        #expect(throws: DatabasePathError.tooDeep(33)) { try DatabasePath(validating: deep + "/k") }
        #expect(throws: DatabasePathError.tooDeep(33)) { try DatabasePath(validating: deep).child("k") }
    }

    @Test func parentKeyAndContainment() throws {
        let path = try DatabasePath(validating: "users/ada/name")
        #expect(path.key == "name")
        #expect(path.parent?.description == "/users/ada")
        #expect(DatabasePath.root.parent == nil)
        #expect(try DatabasePath(validating: "users").contains(path))
        #expect(!path.contains(try DatabasePath(validating: "users")))
        #expect(Array(try DatabasePath(validating: "users").relative(path)) == ["ada", "name"])
    }
}
