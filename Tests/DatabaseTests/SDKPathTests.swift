// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Testing

@testable import FlintDatabase

/// The SDK's `FPathTests.m` (`FirebaseDatabase/Tests/Unit`), through ``DatabasePath`` and references.
@Suite("SDK FPathTests")
struct SDKPathTests {
    private func path(_ string: String) throws -> DatabasePath { try DatabasePath(validating: string) }

    /// `testContains`.
    @Test func aPathContainsItselfAndEveryPathBelowItAndNothingElse() throws {
        #expect(try path("/").contains(path("/a/b/c")))
        #expect(try path("/a").contains(path("/a/b/c")))
        #expect(try path("/a/b").contains(path("/a/b/c")))
        #expect(try path("/a/b/c").contains(path("/a/b/c")))
        #expect(try !path("/a/b/c").contains(path("/a/b")))
        #expect(try !path("/a/b/c").contains(path("/a")))
        #expect(try !path("/a/b/c").contains(path("/")))
        #expect(try !path("/a/b/c").contains(path("/b/c")))
        #expect(try !path("/a/b/c").contains(path("/a/c/b")))
    }

    /// `testPopFront` (``DatabasePath/relative(_:)`` drops the leading keys as `popFront` does).
    @Test func droppingLeadingKeysEndsAtTheRoot() throws {
        let full = try path("/a/b/c")
        #expect(Array(try path("/a").relative(full)) == ["b", "c"])
        #expect(Array(try path("/a/b").relative(full)) == ["c"])
        #expect(full.relative(full).isEmpty)
    }

    /// `testParent`.
    @Test func parentsEndAtTheRootWhoseParentIsNil() throws {
        let full = try path("/a/b/c")
        #expect(full.parent == (try path("/a/b/")))
        #expect(full.parent?.parent == (try path("/a/")))
        #expect(full.parent?.parent?.parent == (try path("/")))
        #expect(full.parent?.parent?.parent?.parent == nil)
        let ref = try makeDatabase().reference(withPath: "/a/b/c")
        #expect(ref.parent?.parent?.parent?.key == nil)
        #expect(ref.parent?.parent?.parent?.parent == nil)
    }

    /// `testWireFormat`: empty segments are dropped, as in the location's URL.
    @Test func emptySegmentsAreDroppedFromTheWireForm() throws {
        #expect(DatabasePath.root.description == "/")
        #expect(try path("/a/b//c/").description == "/a/b/c")
        let db = try makeDatabase()
        #expect(db.reference(withPath: "/a/b//c/").url == db.url + "/a/b/c")
    }
}
