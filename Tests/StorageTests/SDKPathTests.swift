// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StoragePathTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported: URL parsing
/// through `StoragePath.parse(_:)`, the path operations through references (the SDK's `stringValue()` is a
/// reference's `description`). The SDK's `testCopy*` are not ported: references and paths are immutable values.
@Suite("SDK: StoragePathTests")
struct SDKPathTests {
    /// `testGSURI`, `testGSURINoPath`, `testGSURINoTrailingSlash`, `testGSURIPercentEncoding` (a `gs://` path is
    /// verbatim); `testHTTPURL`, `testHTTPURLNoPath`, `testHTTPURLNoTrailingSlash`, `testHTTPURLPercentEncoding`,
    /// `testHTTPURLNoToken`, `testEmulatorURL` (a download URL's is percent-decoded).
    @Test(arguments: [
        ("gs://bucket/path/to/object", "path/to/object"), ("gs://bucket/", ""), ("gs://bucket", ""),
        ("gs://bucket/?/%/#", "?/%/#"),
        (
            "http://firebasestorage.googleapis.com/v0/b/bucket/o/path/to/object?token=signed_url_params",
            "path/to/object"
        ),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/", ""),
        ("http://firebasestorage.googleapis.com/v0/b/bucket", ""),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/o/%3F/%25/%23?token=signed_url_params", "?/%/#"),
        ("http://firebasestorage.googleapis.com/v0/b/bucket/o/%23hashtag/no/token", "#hashtag/no/token"),
        ("http://localhost:8070/v0/b/bucket", ""),
    ])
    func aURLNamesTheBucketAndObject(url: String, object: String) throws {
        let parsed = try StoragePath.parse(url)
        #expect(parsed.bucket == "bucket")
        #expect(parsed.path == object)
    }

    /// `testGSURIThrowsOnNoBucket`, `testHTTPURLThrowsOnNoBucket`, `testThrowsOnInvalidScheme`,
    /// `testHTTPURLIncorrectSchema`.
    @Test(arguments: [
        "gs://", "http://firebasestorage.googleapis.com/",
        "ftp://firebasestorage.googleapis.com/v0/b/bucket/o/path/to/object",
        "http://foo.google.com/v1/b/bucket/o/%3F/%25/%23?token=signed_url_params",
    ])
    func aURLWithoutBucketOrOfAnotherFormIsAPathError(url: String) async {
        #expect(await storageErrorCode { _ = try StoragePath.parse(url) } == .pathError)
    }

    /// `testChildToRoot`, `testChildByAppendingNoPathToRoot`, `testChildByAppending{Leading,Trailing,
    /// LeadingAndTrailing}SlashChildToRoot`, `testChildByAppendingMultipleChildrenToRoot`,
    /// `testChildByAppendingMultipleChildrenWithMultipleSlashesToRoot`, `testChildByAppendingOnlySlashesToRoot`.
    @Test(arguments: [
        ("object", "gs://bucket/object"), ("", "gs://bucket/"), ("/object", "gs://bucket/object"),
        ("object/", "gs://bucket/object"), ("/object/", "gs://bucket/object"),
        ("path/to/object/", "gs://bucket/path/to/object"),
        ("/path///to////object////////", "gs://bucket/path/to/object"), ("//////////", "gs://bucket/"),
    ])
    func aChildOfTheRootIsNormalized(child: String, description: String) throws {
        #expect(try SDKTest.storage().reference().child(child).description == description)
    }

    /// `testChildByAppendingMultipleSeparateChildren`.
    @Test func separateChildrenAppendOneAfterAnother() throws {
        let ref = try SDKTest.storage().reference().child("/path").child("to/").child("object")
        #expect(ref.description == "gs://bucket/path/to/object")
    }

    /// `testParentAtRoot`, `testParentChildPathOnlySlashs`.
    @Test(arguments: ["", "/////"])
    func theRootHasNoParent(path: String) throws {
        #expect(try SDKTest.storage().reference(withPath: path).parent() == nil)
    }

    /// `testParentChildPath`, `testParentChildPathSlashes`.
    @Test(arguments: [("path/to/object", "gs://bucket/path/to"), ("path/to////", "gs://bucket/path")])
    func theParentDropsTheLastComponent(path: String, parent: String) throws {
        #expect(try SDKTest.storage().reference(withPath: path).parent()?.description == parent)
    }

    /// `testRootAtRoot`, `testRootAtChildPath`, `testRootAtSlashPath`.
    @Test(arguments: ["", "path/to/object", "/////"])
    func theRootIsTheBucket(path: String) throws {
        #expect(try SDKTest.storage().reference(withPath: path).root().description == "gs://bucket/")
    }
}
