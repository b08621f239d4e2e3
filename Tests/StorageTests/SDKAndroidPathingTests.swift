// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The cases of the Firebase Android SDK's `PathingTest.java` (firebase-android-sdk,
/// firebase-storage/src/test) that the iOS SDK's tests lack; the others are in ``SDKPathTests`` and
/// ``SDKReferenceTests``. (`bucketNotEnforced` is the iOS SDK's `testBucketNotEnforced`, see ``SDKStorageTests``.)
@Suite("SDK (Android): PathingTest")
struct SDKAndroidPathingTests {
    private let bucket = "benwu-test1.storage.firebase.com"

    private func reference(_ path: String) throws -> StorageReference {
        try SDKTest.storage(bucket: bucket).reference(forURL: "gs://\(bucket)\(path)")
    }

    /// `dotdotTest`: `..` is a name like any other, not a step up.
    @Test func dotDotIsAName() throws {
        let ref = try reference("/child/../")
        #expect(ref.name == "..")
        #expect(ref.fullPath == "child/..")
    }

    /// `slashslashTest`, `parentReturnsRoot`, `parentParentReturnsRoot`, `rootEndingSlash`, `endingSlash`.
    @Test func trailingAndDoubledSlashesDoNotMakeLevels() throws {
        #expect(try reference("/child//").parent() == reference("/"))
        #expect(try reference("/child").parent() == reference("/child").root())
        #expect(try reference("/child/child/").parent()?.parent() == reference("/"))
        #expect(try reference("") == reference("/"))
        #expect(try reference("/child") == reference("/child/"))
    }

    /// `compatibilityTest`: children and URLs with repeated, leading and trailing slashes.
    @Test(arguments: [
        ["/foo///////bar/"], ["images", "foo"], ["images/foo"], ["images//foo"], ["/images", "foo"],
        ["/images", "/foo"], ["images/", "foo"], ["images/", "/foo"], ["images//", "foo"], ["images//", "foo/"],
    ])
    func childrenCompressSlashes(children: [String]) throws {
        let ref = children.reduce(try reference("/")) { $0.child($1) }
        let expected = children == ["/foo///////bar/"] ? "foo/bar" : "images/foo"
        #expect(ref.description == "gs://\(bucket)/\(expected)")
    }

    /// `compatibilityTest`: the same for URLs.
    @Test(arguments: ["/images/foo", "/images//foo", "//images/foo", "//images//foo", "/images//foo/"])
    func urlsCompressSlashes(path: String) throws {
        #expect(try reference(path).description == "gs://\(bucket)/images/foo")
    }
}
